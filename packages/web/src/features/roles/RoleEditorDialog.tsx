import { Alert, Button, CodeEditor, Dialog } from '@portcullis/design';
import type { Resource } from '@portcullis/shared';
import { useState } from 'react';
import { useAttempt } from '../../useAttempt';
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
  const [content, setContent] = useState(role?.content ?? newRoleTemplate);
  const { busy, error, run } = useAttempt();
  const save = async () => {
    await run(async () => {
      const saved = await (role ? roleActions.update(role.name, content) : roleActions.create(content));
      onSaved(saved.name);
    });
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
      <CodeEditor language="yaml" label="Role YAML" value={content} onChange={setContent} height={400} />
    </Dialog>
  );
}
