import type { AuthenticateChallengeJson, MfaDeviceJson, RegisterChallengeJson, WebauthnOptionsJson } from '@portcullis/shared';
import type { MfaDevice } from './repo';
import { totpQrCode, totpUri } from './totp';

/** What the wire calls each device type; the console words them 'Authenticator App' and 'Hardware Key'. */
export const deviceTypeName = (device: Pick<MfaDevice, 'type'>) => (device.type === 'totp' ? 'TOTP' : 'WebAuthn');

/** A device as GET /mfa/devices lists it: never its secret or key. */
export const presentDevice = (device: MfaDevice) =>
  ({
    id: device.id,
    name: device.name,
    type: deviceTypeName(device),
    addedAt: new Date(device.addedAt).toISOString(),
    lastUsed: new Date(device.lastUsed).toISOString(),
    residentKey: device.residentKey,
  }) satisfies MfaDeviceJson;

/** A TOTP registration: the secret as a QR code of its otpauth:// URI and as text. */
export const presentTotpRegistration = async (secret: string, account: string, issuer: string) =>
  ({ totp: { qrCode: await totpQrCode(totpUri(secret, account, issuer)), account, secret } }) satisfies RegisterChallengeJson;

export const presentWebauthnRegistration = (publicKey: WebauthnOptionsJson) => ({ webauthn: { publicKey } }) satisfies RegisterChallengeJson;

/** An authenticate challenge: a WebAuthn request when there is one, and whether a TOTP code is accepted. */
export const presentChallenge = (totp: boolean, publicKey: WebauthnOptionsJson | undefined) =>
  ({ totp_challenge: totp, ...(publicKey && { webauthn_challenge: { publicKey } }) }) satisfies AuthenticateChallengeJson;

/** The fields naming a device in its audit events. */
export const deviceAuditFields = (device: MfaDevice) => ({
  user: device.username,
  mfa_device_name: device.name,
  mfa_device_uuid: device.id,
  mfa_device_type: deviceTypeName(device),
});
