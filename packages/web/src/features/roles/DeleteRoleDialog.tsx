import { Alert, Button, Dialog, Text } from '@portcullis/design';
import { useState } from 'react';
import { roleActions } from './rolesAtoms';

export function DeleteRoleDialog({
  name,
  onClose,
  onDeleted,
}: {
  name: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await roleActions.remove(name);
      onDeleted();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete Role?"
      actions={
        <>
          <Button kind="warning" loading={busy} onClick={() => void remove()}>
            Yes, Remove Role
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      <Text>
        You are about to delete role <strong>{name}</strong>. Users holding it lose what it grants.
      </Text>
    </Dialog>
  );
}
