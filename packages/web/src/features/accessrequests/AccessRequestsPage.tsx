import { Button, DataTable, EmptyState, Flex, H1, Icons } from '@portcullis/design';
import { type AccessRequestJson, compilePath, displayDateTime, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { featureFlagsAtom } from '../../session/userContext';
import { accessRequestsAtom, requestedItems, shownState } from './accessRequestsApi';
import { NameList, RequestState } from './RequestState';

/** Access Requests (/web/requests): the requests the user made or may review, and the way to a new one. */
export default function AccessRequestsPage() {
  const requests = useAtomValue(accessRequestsAtom);
  const flags = useAtomValue(featureFlagsAtom);
  const navigate = useNavigate();
  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Access Requests</H1>
        {flags.newAccessRequest ? (
          <Button onClick={() => navigate(webRoutes.newAccessRequest)}>New Request</Button>
        ) : null}
      </Flex>
      <DataTable<AccessRequestJson>
        linkAs={Link}
        label="Access Requests"
        data={requests}
        rowKey={(r) => r.id}
        emptyState={
          <EmptyState
            icon={Icons.AccessRequest}
            title="No Access Requests Found"
            description={
              flags.newAccessRequest
                ? 'Need a role or a resource for a while? New Request asks for it; a reviewer approves or denies it.'
                : 'The requests you made or may review are listed here.'
            }
          />
        }
        initialSort={{ fieldName: 'created', dir: 'DESC' }}
        columns={[
          { key: 'user', headerText: 'Requester', isSortable: true },
          { key: 'roles', headerText: 'Requested', render: (r) => <NameList items={requestedItems(r)} /> },
          {
            key: 'state',
            headerText: 'State',
            isSortable: true,
            sortFn: (a, b) => shownState(a).localeCompare(shownState(b)),
            render: (r) => <RequestState request={r} />,
          },
          {
            key: 'created',
            headerText: 'Created',
            isSortable: true,
            noWrap: true,
            render: (r) => displayDateTime(r.created),
          },
          {
            key: 'expires',
            headerText: 'Expires',
            isSortable: true,
            noWrap: true,
            render: (r) => displayDateTime(r.expires),
          },
        ]}
        rowActions={(r) => [{ label: 'View', to: compilePath(webRoutes.accessRequest, { requestId: r.id }) }]}
      />
    </>
  );
}
