import { apiPaths } from '@portcullis/shared';
import { forbidden } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import { LoginFailed } from '../websessions/service';
import { presentDevice } from './presenter';
import { addDeviceBody, authenticateChallengeBody, deviceParams, mfaAnswer, passwordChallengeBody, privilegeTokenBody, registerChallengeBody, tokenParams } from './schemas';

/** Devices, their registration and removal, re-authentication challenges and privilege tokens. */
export function mfaRoutes(gw: Gateway) {
  const { mfa } = gw;

  gw.route('GET', apiPaths.mfaDevices, {
    access: { signedIn: 'a user lists their own devices' },
    handler: async ({ identity }) => (await mfa.repo.devices(identity!.user.name)).map(presentDevice),
  });

  gw.route('POST', apiPaths.mfaDevices, {
    access: { signedIn: 'a user adds a device to their own account, with the privilege token re-authentication bought' },
    body: addDeviceBody,
    handler: async ({ identity, body }) => {
      await mfa.devices.add(identity!.user.name, body);
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.mfaRegisterChallengeWithToken, {
    access: { public: 'the invite and reset pages register a device holding only their token, which is the credential' },
    params: tokenParams,
    body: registerChallengeBody,
    handler: ({ params, body }) => mfa.devices.registerChallenge(params.tokenId, body),
  });

  gw.route('POST', apiPaths.mfaAuthenticateChallengeWithToken, {
    access: { public: 'a page holding a reset or privilege token asks its user for a second factor; the token is the credential' },
    params: tokenParams,
    body: null,
    handler: ({ params }) => mfa.devices.challengeWithToken(params.tokenId),
  });

  gw.route('GET', apiPaths.mfaDevicesWithToken, {
    access: { public: 'a page holding an invite, reset or privilege token lists its user’s devices; the token is the credential' },
    params: tokenParams,
    handler: async ({ params }) => (await mfa.devices.listWithToken(params.tokenId)).map(presentDevice),
  });

  gw.route('DELETE', apiPaths.mfaDeviceWithToken, {
    access: { public: 'removing a device spends a privilege token, which is the credential' },
    params: deviceParams,
    handler: async ({ params }) => {
      await mfa.devices.remove(params.tokenId, params.deviceName);
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.mfaAuthenticateChallenge, {
    access: { signedIn: 'a user asks for a challenge of their own devices' },
    body: authenticateChallengeBody,
    handler: ({ identity, body }) => mfa.challenge(identity!.user.name, body?.scope ?? 'reauth'),
  });

  gw.route('POST', apiPaths.mfaAuthenticateChallengePassword, {
    access: { signedIn: 'a user proves their password again before a challenge of their own devices' },
    body: passwordChallengeBody,
    handler: async ({ identity, body, req }) => {
      try {
        await gw.webSessions.checkPassword(identity!.user.name, body.pass, req.ip);
      } catch (err) {
        if (err instanceof LoginFailed) throw forbidden('the password is wrong');
        throw err;
      }
      return mfa.challenge(identity!.user.name, 'reauth');
    },
  });

  gw.route('POST', apiPaths.privilegeToken, {
    access: { signedIn: 'a user re-authenticates to change their own devices' },
    body: privilegeTokenBody,
    handler: async ({ identity, body, req, reply }) => {
      const token = await mfa.createPrivilegeToken(identity!.user.name, mfaAnswer(body?.secondFactorToken, body?.webauthnAssertionResponse), req.ip);
      // The token's value as a JSON string: a bare string would leave as text/plain.
      return reply.type('application/json').send(JSON.stringify(token));
    },
  });
}
