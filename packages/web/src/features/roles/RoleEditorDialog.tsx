import { Alert, Button, Dialog } from '@portcullis/design';
import type { Resource } from '@portcullis/shared';
import { useState } from 'react';
import { newRoleTemplate } from './newRoleTemplate';
import { roleActions } from './rolesAtoms';
import { YamlEditor } from './YamlEditor';

/** Create or edit a role as YAML; the server validates it and its message is shown as given. */
export function RoleEditorDialog({
  role,
  onClose,
  onSaved,
}: {
  role?: Resource;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [content, setContent] = useState(role?.content ?? newRoleTemplate);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      await (role ? roleActions.update(role.name, content) : roleActions.create(content));
      onSaved();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      disableBackdropClose
      width="80vw"
      title={role ? `Edit Role ${role.name}` : 'Create New Role'}
      actions={
        <>
          <Button loading={busy} onClick={() => void save()}>
            Save Changes
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      <YamlEditor label="Role YAML" value={content} onChange={setContent} />
    </Dialog>
  );
}
