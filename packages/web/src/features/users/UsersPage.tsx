import { Alert, Button, DataTable, EmptyState, Flex, H1, Icons, Label } from '@portcullis/design';
import type { User } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { userContextAtom } from '../../session/userContext';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { useAttempt } from '../../useAttempt';
import { newLockPath } from '../locks/lockTargets';
import { ResetLinkDialog, type IssuedToken } from './ResetLinkDialog';
import { UserDialog } from './UserDialog';
import { userActions, usersAtom, usersVersionAtom } from './usersAtoms';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'token'; token: IssuedToken }
  | null;

/** Users: list with search and sort, create with roles and traits, edit, delete, reset password. */
export default function UsersPage() {
  const users = useAtomValue(usersAtom);
  const { acl } = useAtomValue(userContextAtom);
  const refresh = useSetAtom(usersVersionAtom);
  const [open, setOpen] = useState<Open>(null);
  const { error, setError, run } = useAttempt();
  const close = () => setOpen(null);
  const changed = () => refresh((v) => v + 1);

  const resetPassword = async (user: User) => {
    await run(async () => {
      const token = await userActions.createToken(user.name, 'password');
      setOpen({ kind: 'token', token: { ...token, kind: 'password' } });
    });
  };

  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Users</H1>
        {acl.users.create ? (
          <Button onClick={() => setOpen({ kind: 'create' })}>Create New User</Button>
        ) : null}
      </Flex>
      {error ? <Alert onDismiss={() => setError('')}>{error}</Alert> : null}
      <DataTable<User>
        linkAs={Link}
        label="Users"
        data={users}
        rowKey={(u) => u.name}
        isSearchable
        initialSort={{ fieldName: 'name', dir: 'ASC' }}
        emptyState={
          <EmptyState
            icon={Icons.Users}
            title="No Users Found"
            description={
              acl.users.create
                ? 'Create New User gives someone access: they get a link to set their password and second factor.'
                : 'The users you may see are listed here.'
            }
          />
        }
        columns={[
          { key: 'name', headerText: 'Name', isSortable: true },
          {
            key: 'roles',
            headerText: 'Roles',
            render: (u) => (
              <Flex flexWrap="wrap">
                {u.roles.map((r) => (
                  <Label key={r} mr={1}>
                    {r}
                  </Label>
                ))}
              </Flex>
            ),
          },
          { key: 'authType', headerText: 'Type', isSortable: true },
        ]}
        rowActions={(u) => [
          ...(acl.users.edit ? [{ label: 'Edit…', onSelect: () => setOpen({ kind: 'edit', user: u }) }] : []),
          ...(acl.users.edit ? [{ label: 'Reset Password…', onSelect: () => void resetPassword(u) }] : []),
          ...(acl.users.remove
            ? [{ label: 'Delete…', danger: true, onSelect: () => setOpen({ kind: 'delete', user: u }) }]
            : []),
          // The same verbs the New Lock page's flag (newLocks) asks for, so the link never leads to Access Denied.
          ...(acl.lock.create && acl.lock.edit ? [{ label: 'Lock', to: newLockPath({ user: u.name }) }] : []),
        ]}
      />
      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <UserDialog
          user={open.kind === 'edit' ? open.user : undefined}
          onClose={close}
          onSaved={(token) => {
            changed();
            setOpen(token ? { kind: 'token', token } : null);
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          title="Delete User?"
          confirmText="Yes, Remove User"
          onClose={close}
          onConfirm={async () => {
            await userActions.remove(open.user.name);
            changed();
            close();
          }}
        >
          You are about to delete user <strong>{open.user.name}</strong>. This will revoke their access and
          cannot be undone.
        </ConfirmDeleteDialog>
      ) : null}
      {open?.kind === 'token' ? <ResetLinkDialog token={open.token} onClose={close} /> : null}
    </>
  );
}
