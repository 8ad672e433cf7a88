import { Alert, Button, Card, FieldInput, H1, H2, Text, Validation, requiredField } from '@portcullis/design';
import { apiPaths, encodePassword } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { api } from '../../client';
import { userContextAtom } from '../../session/userContext';
import { NewPasswordFields } from '../invite/NewPasswordFields';

/** Account settings: who is signed in, and changing the password with the current one. */
export default function AccountPage() {
  const user = useAtomValue(userContextAtom);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent, validate: () => boolean, reset: () => void) => {
    e.preventDefault();
    if (!validate()) return;
    setBusy(true);
    setResult(null);
    try {
      await api.put(apiPaths.changePassword, {
        old_password: encodePassword(current),
        new_password: encodePassword(next),
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
      <H1 mb={2}>Account Settings</H1>
      <Text muted mb={4}>
        Signed in as {user.username}
      </Text>
      <Card>
        <H2 mb={3}>Change Password</H2>
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
      </Card>
    </>
  );
}
