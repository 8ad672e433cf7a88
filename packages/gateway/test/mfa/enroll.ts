/**
 * Users with second factors, made through the gateway's own API as the console would: an invite answered with
 * a new password and a device, sign-in with a code or a key, re-authentication for a privilege token. Test code
 * only; a gateway whose `now` a test moves must be given the same clock here (`at`), for TOTP codes.
 */
import type { AuthenticateChallengeJson, RegisterChallengeJson } from '@portcullis/shared';
import { defaultPassword, encode, type Client, type TestGateway } from '../harness';
import { SoftKey } from './softKey';
import { totpCode } from './totp';

/** The origin the console is served on, which a browser reports in every WebAuthn answer. */
export const gatewayOrigin = (gw: TestGateway) => gw.server.gw.publicUrl();

export type NewDevice = { type: 'totp' } | { type: 'key'; passwordless?: boolean; key?: SoftKey };

/** A device as the test holds it: the authenticator app's secret, or the key. */
export type Factor = { secret: string } | { key: SoftKey };

/** The TOTP code an app shows `steps` time steps after `at` (each code is accepted once, so tests move on). */
export const codeFor = (secret: string, at: number, steps = 0) => totpCode(secret, at + steps * 30_000);

function ok<T>(res: { status: number; body: T }, what: string): T {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Asks for a register challenge on `tokenId` and answers it, as the invite page or the account page does. */
export async function answerRegistration(gw: TestGateway, client: Client, tokenId: string, device: NewDevice, at: number) {
  const usage = device.type === 'key' && device.passwordless ? 'passwordless' : 'mfa';
  const challenge = ok(
    await client.post<RegisterChallengeJson>(`/v1/webapi/mfa/token/${tokenId}/registerchallenge`, { deviceType: device.type === 'totp' ? 'totp' : 'webauthn', deviceUsage: usage }),
    'the register challenge',
  );
  if (device.type === 'totp') {
    const secret = challenge.totp!.secret;
    return { factor: { secret } as Factor, answer: { secondFactorToken: codeFor(secret, at) } };
  }
  const key = device.key ?? new SoftKey();
  const response = key.create(challenge.webauthn!.publicKey, { origin: gatewayOrigin(gw), residentKey: usage === 'passwordless' });
  return { factor: { key } as Factor, response };
}

/**
 * A new user with `roles` who accepted their invite with a password (empty: a passkey only) and a device;
 * answers the factor to sign in with.
 */
export async function invited(gw: TestGateway, spec: { roles: string[]; name?: string; password?: string; device: NewDevice; at?: number }) {
  const name = spec.name ?? `mfa-${Math.random().toString(36).slice(2, 10)}`;
  const password = spec.password ?? defaultPassword;
  await gw.server.users.create('test-harness', { name, roles: spec.roles });
  const invite = await gw.server.users.createToken('test-harness', name, 'invite');
  const anon = gw.anonymous();
  const registration = await answerRegistration(gw, anon, invite.value, spec.device, spec.at ?? Date.now());
  const body = {
    token: invite.value,
    password: password === '' ? '' : encode(password),
    deviceName: spec.device.type === 'totp' ? 'phone' : 'key',
    ...(registration.answer && { second_factor_token: registration.answer.secondFactorToken }),
    ...(registration.response && { webauthnCreationResponse: registration.response }),
  };
  const set = ok(await anon.put('/v1/webapi/users/password/token', body), 'setting the password');
  return { name, password, factor: registration.factor, set };
}

/** A challenge's WebAuthn answer from `key`, for the gateway's own origin unless told otherwise. */
export const keyAnswer = (gw: TestGateway, challenge: AuthenticateChallengeJson, key: SoftKey, opts: Partial<Parameters<SoftKey['get']>[1]> = {}) =>
  key.get(challenge.webauthn_challenge!.publicKey, { origin: gatewayOrigin(gw), ...opts });

/** Signs in with a password and a second factor (a code, or begin/finish with a key); `at` is the gateway's time. */
export async function loginWith(gw: TestGateway, name: string, factor: Factor, opts: { password?: string; at?: number; step?: number } = {}): Promise<Client> {
  const client = gw.anonymous();
  const pass = encode(opts.password ?? defaultPassword);
  if ('secret' in factor) {
    const code = codeFor(factor.secret, opts.at ?? Date.now(), opts.step ?? 0);
    client.session = ok(await client.post('/v1/webapi/sessions/web', { user: name, pass, second_factor_token: code }), 'the login');
    return client;
  }
  const challenge = ok(await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/login/begin', { user: name, pass }), 'login begin');
  client.session = ok(await client.post('/v1/webapi/mfa/login/finishsession', { user: name, webauthnAssertionResponse: keyAnswer(gw, challenge, factor.key) }), 'login finish');
  return client;
}

/** Signs in with a passkey alone. */
export async function loginWithPasskey(gw: TestGateway, key: SoftKey): Promise<Client> {
  const client = gw.anonymous();
  const challenge = ok(await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/login/begin', { passwordless: true }), 'passwordless begin');
  client.session = ok(await client.post('/v1/webapi/mfa/login/finishsession', { webauthnAssertionResponse: keyAnswer(gw, challenge, key) }), 'passwordless finish');
  return client;
}

/** Re-authenticates with `factor` (none for a user without a device) and answers the privilege token. */
export async function privilegeToken(gw: TestGateway, client: Client, factor?: Factor, opts: { at?: number; step?: number } = {}): Promise<string> {
  let body = {};
  if (factor && 'secret' in factor) body = { secondFactorToken: codeFor(factor.secret, opts.at ?? Date.now(), opts.step ?? 0) };
  if (factor && 'key' in factor) {
    const challenge = ok(await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/authenticatechallenge', { scope: 'reauth' }), 'the reauth challenge');
    body = { webauthnAssertionResponse: keyAnswer(gw, challenge, factor.key) };
  }
  return ok(await client.post<string>('/v1/webapi/users/privilege/token', body), 'the privilege token');
}

/** Adds a device to a signed-in user's account with a privilege token, as the account page does. */
export async function addDevice(gw: TestGateway, client: Client, tokenId: string, device: NewDevice, name: string, at = Date.now()): Promise<Factor> {
  const registration = await answerRegistration(gw, client, tokenId, device, at);
  const body = {
    tokenId,
    deviceName: name,
    ...(registration.answer && { secondFactorToken: registration.answer.secondFactorToken }),
    ...(registration.response && { webauthnRegisterResponse: registration.response }),
  };
  ok(await client.post('/v1/webapi/mfa/devices', body), 'adding the device');
  return registration.factor;
}
