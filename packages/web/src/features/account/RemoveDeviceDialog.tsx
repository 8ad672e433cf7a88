import { Alert, Button, Dialog } from '@portcullis/design';
import type { MfaDevice } from '@portcullis/shared';
import { useState } from 'react';
import { mfaActions } from './mfaAtoms';
import { Reauthenticate } from './Reauthenticate';

/**
 * Removes a device once the user proved it is them. The gateway refuses to remove the last device while a second
 * factor is required; its message says so and the dialog stays to show it.
 */
export function RemoveDeviceDialog({
  device,
  onClose,
  onRemoved,
}: {
  device: MfaDevice;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [state, setState] = useState<
    { status: 'verifying' | 'removing' } | { status: 'refused'; message: string }
  >({
    status: 'verifying',
  });

  const remove = async (privilegeToken: string) => {
    setState({ status: 'removing' });
    try {
      await mfaActions.remove(privilegeToken, device.name);
      onRemoved();
    } catch (err) {
      setState({ status: 'refused', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Dialog
      open
      title={`Remove ${device.name}?`}
      onClose={onClose}
      disableBackdropClose
      actions={
        state.status === 'refused' ? (
          <Button kind="secondary" onClick={onClose}>
            Done
          </Button>
        ) : null
      }
    >
      {state.status === 'refused' ? <Alert>{state.message}</Alert> : null}
      {state.status === 'verifying' ? (
        <Reauthenticate
          hasDevices
          reason={`Verify it is you to remove ${device.name} (${device.description}); it will no longer sign you in.`}
          onToken={(token) => void remove(token)}
        />
      ) : null}
      {state.status === 'removing' ? <Alert kind="info">Removing {device.name}…</Alert> : null}
    </Dialog>
  );
}
