import { Alert, Button, DataTable, EmptyState, Flex, H1, Label } from '@portcullis/design';
import type { Resource } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { YamlEditorDialog } from '../../dialogs/YamlEditorDialog';
import { userContextAtom } from '../../session/userContext';
import { newTrustedClusterTemplate } from './newTrustedClusterTemplate';
import { trustedClusterSummary } from './trustedClusterSummary';
import {
  trustedClusterActions,
  trustedClustersAtom,
  trustedClustersVersionAtom,
} from './trustedClustersAtoms';

const usedTokenNote =
  'Once the root has issued this cluster an identity the token shows as used: leave it as it is to keep that ' +
  'identity. Setting enabled to false disconnects from the root; true again reconnects.';

type TrustedCluster = Resource & { enabled: boolean; webProxyAddr: string };
type Open =
  | { kind: 'create' }
  | { kind: 'edit'; cluster: TrustedCluster }
  | { kind: 'delete'; cluster: TrustedCluster }
  | null;

/** Trusted clusters: the roots this cluster joined as a leaf; add and edit as YAML, delete (which leaves the root). */
export default function TrustedClustersPage() {
  const clusters: TrustedCluster[] = useAtomValue(trustedClustersAtom).map((r) => ({
    ...r,
    ...trustedClusterSummary(r.content),
  }));
  const { acl } = useAtomValue(userContextAtom);
  const refresh = useSetAtom(trustedClustersVersionAtom);
  const [open, setOpen] = useState<Open>(null);
  // Saving closes the dialog, which alone looks the same as Cancel: the outcome is said in words.
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const done = (message: string) => {
    refresh((v) => v + 1);
    setNotice(message);
    close();
  };
  const add = acl.trustedClusters.create ? (
    <Button onClick={() => setOpen({ kind: 'create' })}>Add Trusted Cluster</Button>
  ) : null;
  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Trusted Clusters</H1>
        {clusters.length ? add : null}
      </Flex>
      {notice ? (
        <Alert kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <DataTable<TrustedCluster>
        label="Trusted clusters"
        data={clusters}
        rowKey={(c) => c.name}
        initialSort={{ fieldName: 'name', dir: 'ASC' }}
        emptyState={
          <EmptyState
            title="No Trusted Clusters Yet"
            description={
              'A trusted cluster joins this cluster to a root cluster as a leaf: the root’s users then reach ' +
              'this cluster’s resources with the roles you map theirs to, from the root’s console. You need a join ' +
              'token the root issued for trusted clusters.'
            }
            action={add}
          />
        }
        columns={[
          { key: 'name', headerText: 'Root Cluster', isSortable: true },
          {
            key: 'enabled',
            headerText: 'Enabled',
            render: (c) => (c.enabled ? <Label kind="success">enabled</Label> : <Label>disabled</Label>),
          },
          { key: 'webProxyAddr', headerText: 'Root Web Address' },
        ]}
        rowActions={(c) => [
          ...(acl.trustedClusters.edit
            ? [{ label: 'Edit…', onSelect: () => setOpen({ kind: 'edit', cluster: c }) }]
            : []),
          ...(acl.trustedClusters.remove
            ? [{ label: 'Delete…', danger: true, onSelect: () => setOpen({ kind: 'delete', cluster: c }) }]
            : []),
        ]}
      />
      {open?.kind === 'create' ? (
        <YamlEditorDialog
          title="Add Trusted Cluster"
          label="Trusted cluster YAML"
          initialContent={newTrustedClusterTemplate}
          note="Saving joins the root now: if the root refuses the token or the role map, its reason shows here."
          onSave={trustedClusterActions.create}
          onSaved={(name) => done(`This cluster has joined ${name}.`)}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <YamlEditorDialog
          title={`Edit Trusted Cluster ${open.cluster.name}`}
          label="Trusted cluster YAML"
          initialContent={open.cluster.content}
          note={usedTokenNote}
          onSave={(content) => trustedClusterActions.update(open.cluster.name, content)}
          onSaved={(name) => done(`Trusted cluster ${name} has been saved.`)}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          title="Delete Trusted Cluster?"
          confirmText="Yes, Delete Trusted Cluster"
          onClose={close}
          onConfirm={async () => {
            await trustedClusterActions.remove(open.cluster.name);
            done(`Trusted cluster ${open.cluster.name} has been deleted.`);
          }}
        >
          You are about to delete the trusted cluster <strong>{open.cluster.name}</strong>. This cluster
          leaves the root: the tunnel closes and the root’s users can no longer reach it.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
