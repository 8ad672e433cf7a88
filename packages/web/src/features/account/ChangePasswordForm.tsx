import { useSecondFactorDialog } from '@portcullis/console-kit';
import { Alert, Button, FieldInput, Validation, requiredField } from '@portcullis/design';
import {
  apiPaths,
  type AuthenticateChallengeJson,
  encodePassword,
  type MfaResponseJson,
} from '@portcullis/shared';
import { useStore } from 'jotai';
import { type FormEvent, useState } from 'react';
import { api } from '../../client';
import { NewPasswordFields } from '../invite/NewPasswordFields';
import { mfaDevicesAtom } from './mfaAtoms';

/**
 * Changes the password with the current one; a user with devices also answers a second factor, asked for once the
 * gateway has checked the current password (so a typo never costs a key tap).
 */
export function ChangePasswordForm() {
  const store = useStore();
  const { ask, dialog } = useSecondFactorDialog();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const secondFactor = async (): Promise<MfaResponseJson | undefined> => {
    if ((await store.get(mfaDevicesAtom)).length === 0) return undefined;
    const challenge = await api.post<AuthenticateChallengeJson>(apiPaths.mfaAuthenticateChallengePassword, {
      pass: encodePassword(current),
    });
    return ask(challenge, 'Changing your password needs a second factor.');
  };

  const submit = async (e: FormEvent, validate: () => boolean, reset: () => void) => {
    e.preventDefault();
    if (!validate()) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await secondFactor();
      await api.put(apiPaths.changePassword, {
        old_password: encodePassword(current),
        new_password: encodePassword(next),
        ...(answer?.totp_code && { second_factor_token: answer.totp_code }),
        ...(answer?.webauthn_response && { webauthnAssertionResponse: answer.webauthn_response }),
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      reset();
      setResult({ kind: 'success', text: 'Your password has been changed.' });
    } catch (err) {
      setResult({ kind: 'danger', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      <Validation>
        {({ validate, reset }) => (
          <form onSubmit={(e) => void submit(e, validate, reset)} noValidate>
            <FieldInput
              label="Current Password"
              type="password"
              value={current}
              onChange={setCurrent}
              rule={requiredField('Enter your current password')}
              autoComplete="current-password"
            />
            <NewPasswordFields
              label="New Password"
              password={next}
              onPasswordChange={setNext}
              confirm={confirm}
              onConfirmChange={setConfirm}
            />
            <Button type="submit" loading={busy}>
              Change Password
            </Button>
          </form>
        )}
      </Validation>
      {dialog}
    </>
  );
}
