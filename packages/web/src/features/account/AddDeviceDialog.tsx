import { Button, Dialog } from '@portcullis/design';
import { useState } from 'react';
import { type DeviceAnswer, RegisterDeviceForm } from '../invite/RegisterDeviceForm';
import { type DeviceKind, registerRequest } from '../invite/deviceKinds';
import { mfaActions } from './mfaAtoms';
import { Reauthenticate } from './Reauthenticate';

interface Props {
  hasDevices: boolean;
  /** The kinds the gateway's second-factor setting allows, the preferred first. */
  choices: DeviceKind[];
  onClose: () => void;
  onAdded: () => void;
}

/** Adds a device: first the user proves it is them, then registers the new key, passkey or app. */
export function AddDeviceDialog({ hasDevices, choices, onClose, onAdded }: Props) {
  const [privilegeToken, setPrivilegeToken] = useState<string>();

  const add = async (answer: DeviceAnswer) => {
    if (answer.kind === 'none' || !privilegeToken) return;
    await mfaActions.add({
      tokenId: privilegeToken,
      deviceName: answer.deviceName,
      deviceUsage: registerRequest[answer.kind].deviceUsage,
      ...('secondFactorToken' in answer && { secondFactorToken: answer.secondFactorToken }),
      ...('webauthnResponse' in answer && { webauthnRegisterResponse: answer.webauthnResponse }),
    });
    onAdded();
  };

  return (
    <Dialog open title="Add Two-Factor Device" onClose={onClose} disableBackdropClose>
      {privilegeToken ? (
        <RegisterDeviceForm
          choices={choices}
          initial={choices[0]!}
          challenge={(kind) => mfaActions.registerChallenge(privilegeToken, kind)}
          onRegister={add}
          submitLabel="Add Device"
          secondary={
            <Button type="button" kind="border" size="large" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      ) : (
        <Reauthenticate
          hasDevices={hasDevices}
          reason="Verify it is you before adding a device."
          onToken={setPrivilegeToken}
        />
      )}
    </Dialog>
  );
}
