import { apiPaths } from '@portcullis/shared';
import { forbidden } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import { loginBody, renewBody } from './schemas';
import { clearSessionCookie, setSessionCookie } from './cookie';
import { LoginFailed, invalidCredentials } from './service';

export function webSessionRoutes(gw: Gateway) {
  const secure = !!gw.config.tls;

  gw.route('POST', apiPaths.webSession, {
    access: { public: 'signing in is how a caller gets an identity' },
    body: loginBody,
    handler: async ({ body, req, reply }) => {
      try {
        const issued = await gw.webSessions.login(body.user, body.pass, req.ip);
        setSessionCookie(reply, issued, secure);
        return issued.json;
      } catch (err) {
        if (err instanceof LoginFailed) throw forbidden(invalidCredentials);
        throw err;
      }
    },
  });

  gw.route('POST', apiPaths.webSessionRenew, {
    access: { signedIn: 'a user renews their own session' },
    activity: false,
    body: renewBody,
    handler: async ({ identity, reply }) => {
      const issued = await gw.webSessions.renew(identity!);
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
