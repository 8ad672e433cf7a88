import { Alert, Button, Dialog, FieldInput, Flex, Text, Validation, requiredField } from '@portcullis/design';
import { apiPaths, compilePath, type ResetTokenJson, webRoutes } from '@portcullis/shared';
import { type FormEvent, useState } from 'react';
import { browserLocation } from '../../browserLocation';
import { api } from '../../client';
import { useAttempt } from '../../useAttempt';

export interface RecoverAccountDialogProps {
  onClose: () => void;
}

/**
 * A user who lost their password or their second factor trades one of the recovery codes they saved for a
 * password reset: the reset page then sets a new password and registers a new device (the old ones go).
 */
export function RecoverAccountDialog({ onClose }: RecoverAccountDialogProps) {
  const [user, setUser] = useState('');
  const [code, setCode] = useState('');
  const { busy, error, run } = useAttempt();

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    void run(async () => {
      const reset = await api.post<ResetTokenJson>(apiPaths.recovery, { user, code: code.trim() });
      browserLocation.assign(compilePath(webRoutes.userReset, { tokenId: reset.tokenId }));
    });
  };

  return (
    <Dialog open title="Recover Your Account" onClose={onClose}>
      <Text muted mb={4}>
        Enter one of the recovery codes you saved when you set your password. Each code works once.
      </Text>
      {error ? <Alert>{error}</Alert> : null}
      <Validation>
        {({ validate }) => (
          <form onSubmit={(e) => submit(e, validate)} noValidate>
            <FieldInput
              label="Username"
              value={user}
              onChange={setUser}
              rule={requiredField('Username is required')}
              autoComplete="username"
              autoFocus
            />
            <FieldInput
              label="Recovery code"
              value={code}
              onChange={setCode}
              rule={requiredField('Enter a recovery code')}
              autoComplete="off"
            />
            <Flex gap={3}>
              <Button type="submit" loading={busy}>
                Continue
              </Button>
              <Button type="button" kind="border" onClick={onClose}>
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Validation>
    </Dialog>
  );
}
