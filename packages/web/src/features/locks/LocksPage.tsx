import { Button, DataTable, EmptyState, Flex, H1, Icons, Label } from '@portcullis/design';
import { displayDateTime, webRoutes, type Lock } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { featureFlagsAtom, userContextAtom } from '../../session/userContext';
import { lockActions, locksAtom, locksVersionAtom } from './locksApi';

/** Session & Identity Locks: what is locked, why, by whom and until when; removing a lock lifts it. */
export default function LocksPage() {
  const { locks, error } = useAtomValue(locksAtom);
  const { acl } = useAtomValue(userContextAtom);
  const { newLocks } = useAtomValue(featureFlagsAtom);
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const refresh = useSetAtom(locksVersionAtom);
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Lock | null>(null);

  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Session & Identity Locks</H1>
        {newLocks ? <Button onClick={() => navigate(webRoutes.newLock)}>Add New Lock</Button> : null}
      </Flex>
      <DataTable<Lock>
        label="Locks"
        data={locks}
        rowKey={(l) => l.id}
        fetchStatus={error ? 'error' : ''}
        errorText={error}
        emptyState={
          <EmptyState
            icon={Icons.Lock}
            title="No Locks in Force"
            description={
              newLocks
                ? 'A lock stops a user, role or login from starting sessions at once, and ends the ones they have. Add New Lock to lock one.'
                : 'Locks in force are listed here.'
            }
          />
        }
        columns={[
          {
            key: 'targets',
            headerText: 'Locked Items',
            render: (l) => (
              <Flex flexWrap="wrap" gap={1}>
                {l.targets.map((t) => (
                  <Label key={t.kind}>{`${t.kind}: ${t.value}`}</Label>
                ))}
              </Flex>
            ),
          },
          { key: 'message', headerText: 'Message' },
          { key: 'createdBy', headerText: 'Locked By' },
          {
            key: 'expires',
            headerText: 'Expiration',
            noWrap: true,
            render: (l) => (l.expires ? displayDateTime(l.expires) : 'Never'),
          },
        ]}
        rowActions={(l) =>
          acl.lock.remove ? [{ label: 'Remove', danger: true, onSelect: () => setRemoving(l) }] : []
        }
      />
      {removing ? (
        <ConfirmDeleteDialog
          title="Remove Lock"
          confirmText="Remove Lock"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await lockActions.remove(proxyCluster, removing.id);
            // As a transition, so the list stays on screen while it is fetched again instead of suspending.
            startTransition(() => refresh((v) => v + 1));
            setRemoving(null);
          }}
        >
          Removing the lock on{' '}
          <strong>{removing.targets.map((t) => `${t.kind}: ${t.value}`).join(', ')}</strong> restores the
          access it cut off.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
