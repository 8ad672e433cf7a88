import type { Resource } from '@portcullis/shared';
import { YamlEditorDialog } from '../../dialogs/YamlEditorDialog';
import { newRoleTemplate } from './newRoleTemplate';
import { roleActions } from './rolesAtoms';

/** Create or edit a role as YAML; the server validates it and its message is shown as given. */
export function RoleEditorDialog({
  role,
  onClose,
  onSaved,
}: {
  role?: Resource;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  return (
    <YamlEditorDialog
      title={role ? `Edit Role ${role.name}` : 'Create New Role'}
      label="Role YAML"
      initialContent={role?.content ?? newRoleTemplate}
      onSave={(content) => (role ? roleActions.update(role.name, content) : roleActions.create(content))}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}
