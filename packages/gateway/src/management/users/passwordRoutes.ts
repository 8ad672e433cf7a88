import { apiPaths } from '@portcullis/shared';
import { withOptional } from '../../platform/access/templates';
import type { Gateway } from '../../platform/server/context';
import { setSessionCookie } from '../websessions/cookie';
import { presentResetToken } from './presenter';
import { changePasswordBody, createTokenBody, setPasswordBody, tokenParams } from './schemas';
import type { UserService } from './service';

/** The password routes: reset and invite tokens, setting a password with one, changing one's own. */
export function passwordRoutes(gw: Gateway, users: UserService) {
  gw.route('POST', apiPaths.passwordToken, {
    access: { resource: 'user', verb: 'update' },
    body: createTokenBody,
    handler: async ({ identity, body }) =>
      presentResetToken(await users.createToken(identity!.user.name, body.name, body.type === 'invite' ? 'invite' : 'reset')),
  });

  gw.route('GET', withOptional(apiPaths.resetPasswordToken), {
    access: { public: 'the invite and reset pages hold only the token, which is the credential' },
    params: tokenParams,
    handler: async ({ params }) => presentResetToken(await users.tokenInfo(params.tokenId)),
  });

  gw.route('PUT', apiPaths.passwordToken, {
    access: { public: 'setting a first or reset password: the token in the body is the credential' },
    body: setPasswordBody,
    handler: async ({ body, req, reply }) => {
      const username = await users.setPasswordWithToken(body.token, body.password);
      // The new password signs the user straight in, as the invite page then opens the console.
      const issued = await gw.webSessions.login(username, body.password, req.ip);
      setSessionCookie(reply, issued, !!gw.config.tls);
      return { recovery: { codes: [], createdDate: null }, privateKeyPolicyEnabled: false };
    },
  });

  gw.route('PUT', apiPaths.changePassword, {
    access: { signedIn: 'a user changes their own password, proving the old one' },
    body: changePasswordBody,
    handler: async ({ identity, body }) => {
      await users.changePassword(identity!.user, body.old_password, body.new_password);
      return { message: 'ok' };
    },
  });
}

