import { AuthenticatorCodeField, createCredential } from '@portcullis/console-kit';
import {
  Alert,
  Box,
  Button,
  CopyButton,
  Field,
  FieldInput,
  Flex,
  Image,
  Input,
  RadioGroup,
  Text,
  Validation,
  requiredField,
} from '@portcullis/design';
import type { RegisterChallengeJson, WebauthnResponseJson } from '@portcullis/shared';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useAttempt } from '../../useAttempt';
import { defaultDeviceName, type DeviceChoice, deviceChoiceLabels, type DeviceKind } from './deviceKinds';

/** The registration the user completed: a code from the new app, the new key's credential, or none at all. */
export type DeviceAnswer =
  | { kind: 'none' }
  | { kind: DeviceKind; deviceName: string; secondFactorToken: string }
  | { kind: DeviceKind; deviceName: string; webauthnResponse: WebauthnResponseJson };

export interface RegisterDeviceFormProps {
  choices: DeviceChoice[];
  initial: DeviceChoice;
  /** Asks the gateway for a register challenge of this kind (on an invite, reset or privilege token). */
  challenge: (kind: DeviceKind) => Promise<RegisterChallengeJson>;
  /** Sends the registration; a refusal is shown and the user may try again. */
  onRegister: (answer: DeviceAnswer) => Promise<void>;
  submitLabel: string;
  /** A way back or out, beside the submit button. */
  secondary?: ReactNode;
}

/**
 * Registers a second factor: the user picks the kind, names the device, then taps the new key (its challenge is
 * asked for on submit, so it is fresh) or scans the app's QR code (asked for as soon as the app is picked) and
 * types the code it shows.
 */
export function RegisterDeviceForm({
  choices,
  initial,
  challenge,
  onRegister,
  submitLabel,
  secondary,
}: RegisterDeviceFormProps) {
  const [choice, setChoice] = useState(initial);
  const [typedName, setTypedName] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState<RegisterChallengeJson['totp']>();
  const { busy, error, setError, run } = useAttempt();
  const deviceName = choice === 'none' ? '' : (typedName ?? defaultDeviceName[choice]);

  // One secret per registration: the app's challenge is asked for once, the first time the app is picked.
  const wantsTotp = choice === 'totp' && !totp;
  const latestChallenge = useRef(challenge);
  latestChallenge.current = challenge;
  useEffect(() => {
    if (!wantsTotp) return;
    let current = true;
    latestChallenge.current('totp').then(
      (answer) => current && setTotp(answer.totp),
      (err: Error) => current && setError(err.message),
    );
    return () => {
      current = false;
    };
  }, [wantsTotp, setError]);

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    void run(async () => {
      if (choice === 'none') return onRegister({ kind: 'none' });
      if (choice === 'totp') return onRegister({ kind: choice, deviceName, secondFactorToken: code.trim() });
      const { webauthn } = await challenge(choice);
      if (!webauthn) throw new Error('The gateway sent no options for registering a key.');
      return onRegister({ kind: choice, deviceName, webauthnResponse: await createCredential(webauthn) });
    });
  };

  return (
    <Validation>
      {({ validate }) => (
        <form onSubmit={(e) => submit(e, validate)} noValidate>
          {error ? <Alert>{error}</Alert> : null}
          {choices.length > 1 ? (
            <Box mb={4}>
              <RadioGroup
                label="Device type"
                inline
                value={choice}
                onChange={setChoice}
                options={choices.map((value) => ({ value, label: deviceChoiceLabels[value] }))}
              />
            </Box>
          ) : null}
          {choice === 'totp' ? <TotpSecret totp={totp} /> : null}
          {choice === 'none' ? (
            <Text muted mb={4}>
              You can add a second factor later, in Account Settings.
            </Text>
          ) : (
            <FieldInput
              label="Device name"
              value={deviceName}
              onChange={setTypedName}
              rule={requiredField('Give the device a name')}
              helperText="To tell your devices apart later."
            />
          )}
          {choice === 'totp' ? (
            <AuthenticatorCodeField value={code} onChange={setCode} />
          ) : null}
          {choice === 'webauthn' || choice === 'passkey' ? (
            <Text muted mb={4}>
              {choice === 'passkey'
                ? 'Your browser will ask where to keep the passkey: this device, a phone, or a security key.'
                : 'Your browser will ask you to insert and tap your security key.'}
            </Text>
          ) : null}
          <Flex gap={3}>
            <Button type="submit" size="large" loading={busy} disabled={choice === 'totp' && !totp}>
              {submitLabel}
            </Button>
            {secondary}
          </Flex>
        </form>
      )}
    </Validation>
  );
}

/** The app's secret, as a QR code to scan and as text to type in when the camera cannot be used. */
function TotpSecret({ totp }: { totp: RegisterChallengeJson['totp'] }) {
  if (!totp)
    return (
      <Text muted mb={4}>
        Preparing a secret for your authenticator app…
      </Text>
    );
  return (
    <Box mb={2}>
      <Text mb={3}>Scan the QR code with your authenticator app, or type the secret key into it.</Text>
      <Image
        src={`data:image/png;base64,${totp.qrCode}`}
        alt="QR code for your authenticator app"
        pixelated
        mb={3}
      />
      <Field label="Secret key" helperText={`For the account ${totp.account}.`}>
        {({ id, describedBy }) => (
          <Flex alignItems="center" gap={2}>
            <Input
              id={id}
              aria-describedby={describedBy}
              readOnly
              value={totp.secret}
              onFocus={(e) => e.target.select()}
            />
            <CopyButton value={totp.secret} label="Copy secret key" />
          </Flex>
        )}
      </Field>
    </Box>
  );
}
