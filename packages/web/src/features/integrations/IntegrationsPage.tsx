import { Button, DataTable, EmptyState, Flex, H1, useCursorPagination } from '@portcullis/design';
import { compilePath, type IntegrationJson, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { userContextAtom } from '../../session/userContext';
import { integrationKinds } from './integrationKinds';
import { fetchIntegrations, integrationActions } from './integrationsApi';

const pageSize = 15;

/** Integrations: how the gateway reaches other platforms (AWS through an IAM role); enrol one, or delete it. */
export default function IntegrationsPage() {
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const { acl } = useAtomValue(userContextAtom);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<IntegrationJson | null>(null);
  const fetchPage = useCallback(
    (startKey: string | undefined) => fetchIntegrations(proxyCluster, pageSize, startKey),
    [proxyCluster],
  );
  const { items, fetchStatus, error, paging, reload } = useCursorPagination(fetchPage, pageSize);

  const enrol = acl.integrations.create ? (
    <Button onClick={() => navigate(compilePath(webRoutes.integrationEnroll))}>Enroll New Integration</Button>
  ) : null;
  // An empty list offers enrolling in its empty state instead.
  const empty = fetchStatus === '' && items.length === 0;
  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Integrations</H1>
        {empty ? null : enrol}
      </Flex>
      <DataTable<IntegrationJson>
        label="Integrations"
        data={items}
        rowKey={(i) => i.name}
        fetchStatus={fetchStatus}
        errorText={error}
        onRetry={() => void reload()}
        // A pager only when there is another page: most lists fit on one.
        serverPaging={paging.hasNext || paging.hasPrev ? paging : undefined}
        emptyState={
          <EmptyState
            title="No Integrations Yet"
            description={
              'An integration lets the gateway call another platform’s APIs for you: with AWS OIDC it ' +
              'assumes an IAM role, without keys, to list the RDS databases you can then enroll.'
            }
            action={enrol}
          />
        }
        columns={[
          { key: 'name', headerText: 'Name' },
          { key: 'subKind', headerText: 'Type', render: (i) => integrationKinds[i.subKind].title },
          { key: 'roleArn', headerText: 'Role ARN', render: (i) => i.awsoidc.roleArn },
        ]}
        rowActions={(i) =>
          acl.integrations.remove ? [{ label: 'Delete…', danger: true, onSelect: () => setDeleting(i) }] : []
        }
      />
      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete Integration?"
          confirmText="Yes, Delete Integration"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await integrationActions.remove(proxyCluster, deleting.name);
            setDeleting(null);
            await reload();
          }}
        >
          You are about to delete the integration <strong>{deleting.name}</strong>. The gateway stops assuming
          its role; databases already enrolled through it stay enrolled.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
