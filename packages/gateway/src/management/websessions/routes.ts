import { apiPaths } from '@portcullis/shared';
import { badRequest, forbidden } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import { loginBeginBody, loginBody, loginFinishBody, renewBody } from './schemas';
import { clearSessionCookie, setSessionCookie } from './cookie';
import { LoginService } from './login';
import { LoginFailed, invalidCredentials, type IssuedSession } from './service';

/** Any sign-in failure the caller must not learn more about leaves as the generic 403. */
async function generic<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LoginFailed) throw forbidden(invalidCredentials);
    throw err;
  }
}

export function webSessionRoutes(gw: Gateway) {
  const secure = !!gw.config.tls;
  const login = new LoginService(gw.webSessions, gw.mfa);

  const started = (issued: IssuedSession, reply: Parameters<typeof setSessionCookie>[0]) => {
    setSessionCookie(reply, issued, secure);
    return issued.json;
  };

  gw.route('POST', apiPaths.webSession, {
    access: { public: 'signing in is how a caller gets an identity' },
    body: loginBody,
    handler: async ({ body, req, reply }) => started(await generic(() => login.withPassword(body.user, body.pass, req.ip, body.second_factor_token)), reply),
  });

  gw.route('POST', apiPaths.mfaLoginBegin, {
    access: { public: 'signing in with a key starts here: a passwordless challenge, or one issued after the password' },
    body: loginBeginBody,
    handler: async ({ body, req }) => {
      if (body.passwordless) return gw.mfa.passwordlessChallenge();
      const user = await generic(() => gw.webSessions.checkPassword(body.user!, body.pass!, req.ip));
      if (!(await gw.mfa.hasDevice(user.name))) throw badRequest('you have no second-factor device: sign in with your password alone');
      return gw.mfa.challenge(user.name, 'login');
    },
  });

  gw.route('POST', apiPaths.mfaLoginFinish, {
    access: { public: 'signing in with a key ends here: the assertion answering the challenge begin issued is the credential' },
    body: loginFinishBody,
    handler: async ({ body, req, reply }) =>
      started(
        await generic(() => (body.user === undefined ? login.withPasskey(body.webauthnAssertionResponse, req.ip) : login.withKey(body.user, body.webauthnAssertionResponse, req.ip))),
        reply,
      ),
  });

  gw.route('POST', apiPaths.webSessionRenew, {
    access: { signedIn: 'a user renews their own session' },
    activity: false,
    body: renewBody,
    handler: async ({ identity, body, reply }) => {
      const issued = await gw.webSessions.renew(identity!, body ?? {});
      setSessionCookie(reply, issued, secure);
      return issued.json;
    },
  });

  gw.route('DELETE', apiPaths.webSession, {
    access: { signedIn: 'a user ends their own session' },
    handler: async ({ identity, reply }) => {
      await gw.webSessions.logout(identity!);
      clearSessionCookie(reply);
      return { message: 'ok' };
    },
  });

  gw.route('GET', apiPaths.userStatus, {
    access: { signedIn: 'a user asks whether their own session is still valid' },
    // The console polls this every 15 s whether or not anyone is at the keyboard.
    activity: false,
    handler: () => ({ message: 'ok' }),
  });
}
