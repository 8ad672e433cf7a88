import { Alert, Button, Dialog, Text } from '@portcullis/design';
import { useState } from 'react';
import { userActions } from './usersAtoms';

export function DeleteUserDialog({
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
      await userActions.remove(name);
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
      title="Delete User?"
      actions={
        <>
          <Button kind="warning" loading={busy} onClick={() => void remove()}>
            Yes, Remove User
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      <Text>
        You are about to delete user <strong>{name}</strong>. This will revoke their access and cannot be
        undone.
      </Text>
    </Dialog>
  );
}
