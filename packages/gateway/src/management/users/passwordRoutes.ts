import { apiPaths } from '@portcullis/shared';
import { withOptional } from '../../platform/access/templates';
import type { Gateway } from '../../platform/server/context';
import { setSessionCookie } from '../websessions/cookie';
import { PasswordService } from './passwords';
import { presentPasswordSet, presentResetToken } from './presenter';
import { changePasswordBody, createTokenBody, recoveryBody, setPasswordBody, tokenParams } from './schemas';
import type { UserService } from './service';

/** The password routes: reset and invite tokens, setting a password with one, changing one's own, recovery codes. */
export function passwordRoutes(gw: Gateway, users: UserService) {
  const passwords = new PasswordService(gw.store, gw.config, gw.hasher, gw.mfa, users, gw.now);

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
      const set = await passwords.setWithToken(body);
      // The token (and the device registered with it) signs the user straight in, as the page then opens the console.
      setSessionCookie(reply, await gw.webSessions.signInAs(set.username, req.ip, 'local'), !!gw.config.tls);
      return presentPasswordSet(set.recoveryCodes, set.at);
    },
  });

  gw.route('PUT', apiPaths.changePassword, {
    access: { signedIn: 'a user changes their own password, proving the old one and their second factor' },
    body: changePasswordBody,
    handler: async ({ identity, body, req }) => {
      await passwords.change(identity!.user, body, req.ip);
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.recovery, {
    access: { public: 'a user who lost their password or device signs in with neither: the recovery code is the credential' },
    body: recoveryBody,
    handler: async ({ body, req }) => presentResetToken(await passwords.recover(body.user, body.code, req.ip)),
  });
}

