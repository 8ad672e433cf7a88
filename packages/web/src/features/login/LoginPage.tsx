import {
  LoginForm,
  type LoginCredentials,
  loginWithPasskey,
  loginWithSecurityKey,
} from '@portcullis/console-kit';
import { Button, Card, Flex, H1 } from '@portcullis/design';
import { apiPaths, encodePassword, ensureOwnOrigin, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { browserLocation } from '../../browserLocation';
import { api } from '../../client';
import { webConfigAtom } from '../../config';
import { useAttempt } from '../../useAttempt';

// Loaded on the click that opens it: the dialog brings the positioning and focus library, which nothing else on
// the sign-in page needs.
const RecoverAccountDialog = lazy(() => import('./RecoverAccountDialog').then((m) => ({ default: m.RecoverAccountDialog })));

/**
 * Sign-in (/web/login): console-kit's form; a password (with a code), a password and a key tap, or a passkey
 * signs in, then the console or the redirect_uri opens.
 */
export default function LoginPage() {
  const config = useAtomValue(webConfigAtom);
  const [params] = useSearchParams();
  const { busy, error, run } = useAttempt();
  const [recovering, setRecovering] = useState(false);

  const signIn = (start: () => Promise<unknown>) =>
    void run(async () => {
      await start();
      // A full load: the server renders the page with the new session's bearer token.
      const redirect = params.get('redirect_uri');
      browserLocation.assign(redirect ? ensureOwnOrigin(redirect, window.location.origin) : webRoutes.root);
    });
  const login = ({ user, pass, secondFactorToken }: LoginCredentials) =>
    signIn(() =>
      api.post(apiPaths.webSession, {
        user,
        pass: encodePassword(pass),
        second_factor_token: secondFactorToken,
      }),
    );

  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={4} textAlign="center">
          Sign in to Portcullis
        </H1>
        <LoginForm
          config={config}
          busy={busy}
          error={error}
          onLogin={login}
          onLoginWithKey={(credentials) => signIn(() => loginWithSecurityKey(api, credentials))}
          onPasskey={() => signIn(() => loginWithPasskey(api))}
          onSso={(url) => browserLocation.assign(url)}
        />
        {config.recoveryCodesEnabled && config.auth.localAuthEnabled ? (
          <Flex justifyContent="center" mt={3}>
            <Button kind="text" onClick={() => setRecovering(true)}>
              Lost your password or second factor?
            </Button>
          </Flex>
        ) : null}
      </Card>
      {recovering ? (
        <Suspense fallback={null}>
          <RecoverAccountDialog onClose={() => setRecovering(false)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
