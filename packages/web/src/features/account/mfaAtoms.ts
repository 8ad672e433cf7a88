import {
  type AddMfaDeviceRequest,
  apiPaths,
  type AuthenticateChallengeJson,
  type AuthenticateChallengeRequest,
  compilePath,
  makeMfaDevice,
  type MfaDeviceJson,
  type MfaResponseJson,
  type PrivilegeTokenRequest,
  type RegisterChallengeJson,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';
import { type DeviceKind, registerRequest } from '../invite/deviceKinds';

/** Bumped after a device is added or removed, so the list is fetched again. */
export const mfaDevicesVersionAtom = atom(0);

export const mfaDevicesAtom = atom(async (get) => {
  get(mfaDevicesVersionAtom);
  return (await api.get<MfaDeviceJson[]>(apiPaths.mfaDevices)).map(makeMfaDevice);
});

/**
 * Changing devices needs a privilege token: the user proves it is them (a second factor, or nothing when they have
 * no device yet) and gets a token good for five minutes, which the register and delete calls take.
 */
export const mfaActions = {
  reauthChallenge: () =>
    api.post<AuthenticateChallengeJson>(apiPaths.mfaAuthenticateChallenge, {
      scope: 'reauth',
    } satisfies AuthenticateChallengeRequest),
  /** Without an answer: the empty request, which the gateway grants only to a user with no device. */
  privilegeToken: (answer?: MfaResponseJson) =>
    api.post<string>(apiPaths.privilegeToken, {
      ...(answer?.totp_code && { secondFactorToken: answer.totp_code }),
      ...(answer?.webauthn_response && { webauthnAssertionResponse: answer.webauthn_response }),
    } satisfies PrivilegeTokenRequest),
  registerChallenge: (privilegeToken: string, kind: DeviceKind) =>
    api.post<RegisterChallengeJson>(
      compilePath(apiPaths.mfaRegisterChallengeWithToken, { tokenId: privilegeToken }),
      registerRequest[kind],
    ),
  add: (request: AddMfaDeviceRequest) => api.post(apiPaths.mfaDevices, request),
  remove: (privilegeToken: string, deviceName: string) =>
    api.delete(compilePath(apiPaths.mfaDeviceWithToken, { tokenId: privilegeToken, deviceName })),
};
