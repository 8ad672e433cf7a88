import { Alert, Button, DataTable, EmptyState, Flex, H1, Icons } from '@portcullis/design';
import type { Resource } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { userContextAtom } from '../../session/userContext';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { RoleEditorDialog } from './RoleEditorDialog';
import { roleActions, rolesAtom, rolesVersionAtom } from './rolesAtoms';

type Open = { kind: 'create' } | { kind: 'edit'; role: Resource } | { kind: 'delete'; role: Resource } | null;

/** Roles: the list, create and edit as YAML, delete. */
export default function RolesPage() {
  const roles = useAtomValue(rolesAtom);
  const { acl } = useAtomValue(userContextAtom);
  const refresh = useSetAtom(rolesVersionAtom);
  const [open, setOpen] = useState<Open>(null);
  // Saving closes the dialog, which alone looks the same as Cancel: the outcome is said in words.
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const done = (message: string) => {
    refresh((v) => v + 1);
    setNotice(message);
    close();
  };
  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Roles</H1>
        {acl.roles.create ? (
          <Button onClick={() => setOpen({ kind: 'create' })}>Create New Role</Button>
        ) : null}
      </Flex>
      {notice ? (
        <Alert kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <DataTable<Resource>
        label="Roles"
        data={roles}
        rowKey={(r) => r.name}
        isSearchable
        initialSort={{ fieldName: 'name', dir: 'ASC' }}
        emptyState={
          <EmptyState
            icon={Icons.ShieldCheck}
            title="No Roles Found"
            description={
              acl.roles.create
                ? 'A role says what its users may reach and do there. Create New Role starts from a template to edit.'
                : 'The roles you may see are listed here.'
            }
          />
        }
        columns={[{ key: 'name', headerText: 'Name', isSortable: true }]}
        rowActions={(r) => [
          ...(acl.roles.edit ? [{ label: 'Edit…', onSelect: () => setOpen({ kind: 'edit', role: r }) }] : []),
          ...(acl.roles.remove
            ? [{ label: 'Delete…', danger: true, onSelect: () => setOpen({ kind: 'delete', role: r }) }]
            : []),
        ]}
      />
      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <RoleEditorDialog
          role={open.kind === 'edit' ? open.role : undefined}
          onClose={close}
          onSaved={(name) => done(`Role ${name} has been saved.`)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          title="Delete Role?"
          confirmText="Yes, Remove Role"
          onClose={close}
          onConfirm={async () => {
            await roleActions.remove(open.role.name);
            done(`Role ${open.role.name} has been deleted.`);
          }}
        >
          You are about to delete role <strong>{open.role.name}</strong>. Users holding it lose what it
          grants.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
