import { Alert, Button, Card, Flex, H1, Link, Text, Validation } from '@portcullis/design';
import {
  apiPaths,
  compilePath,
  encodePassword,
  makeResetToken,
  type ResetToken,
  type ResetTokenJson,
  webRoutes,
} from '@portcullis/shared';
import { browserLocation } from '../../browserLocation';
import { api } from '../../client';
import { useAttempt } from '../../useAttempt';
import { type FormEvent, useEffect, useState } from 'react';
import { useMatch, useParams } from 'react-router-dom';
import { NewPasswordFields } from './NewPasswordFields';

/** One screen for an invitation and a password reset: the new password, twice, with its rules. */
export default function InvitePage() {
  const { tokenId = '' } = useParams();
  const onReset = useMatch(webRoutes.userReset);
  const onResetContinue = useMatch(webRoutes.userResetContinue);
  const isReset = Boolean(onReset ?? onResetContinue);
  const [token, setToken] = useState<ResetToken | null>(null);
  const [loadError, setLoadError] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, run } = useAttempt();

  useEffect(() => {
    api
      .get<ResetTokenJson>(compilePath(apiPaths.resetPasswordToken, { tokenId }))
      .then((json) => setToken(makeResetToken(json)))
      .catch((err: Error) => setLoadError(err.message));
  }, [tokenId]);

  const submit = async (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    await run(async () => {
      await api.put(apiPaths.passwordToken, { token: tokenId, password: encodePassword(password) });
      // The server answers with a session; a full load picks up its bearer token.
      browserLocation.assign(webRoutes.root);
    });
  };

  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={2}>{isReset ? 'Reset Password' : 'Welcome to Portcullis'}</H1>
        {loadError ? (
          // A link that no longer works cannot set a password: the form would only invite a doomed attempt.
          <>
            <Alert
              details={
                isReset
                  ? 'Ask your administrator for a new password reset link.'
                  : 'Ask your administrator to invite you again.'
              }
            >
              {loadError}
            </Alert>
            <Link href={webRoutes.login}>Go to Sign In</Link>
          </>
        ) : (
          <>
            {token ? (
              <Text muted mb={4}>
                {isReset ? 'Choose a new password for' : 'Set a password for'} {token.username}
              </Text>
            ) : null}
            {error ? <Alert>{error}</Alert> : null}
            <Validation>
              {({ validate }) => (
                <form onSubmit={(e) => void submit(e, validate)} noValidate>
                  <NewPasswordFields
                    label="Password"
                    password={password}
                    onPasswordChange={setPassword}
                    confirm={confirm}
                    onConfirmChange={setConfirm}
                    autoFocus
                  />
                  <Button type="submit" size="large" block loading={busy} disabled={!token}>
                    {isReset ? 'Change Password' : 'Set Password'}
                  </Button>
                </form>
              )}
            </Validation>
          </>
        )}
      </Card>
    </Flex>
  );
}
