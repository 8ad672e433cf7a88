/**
 * Second-factor devices for the per-session MFA and headless tests, registered the way a person does it in
 * the console (privilege token, register challenge, add), and answers to challenges computed as the device would.
 */
import type { AuthenticateChallengeJson, ChallengeScope, MfaResponseJson, RegisterChallengeJson } from '@portcullis/shared';
import type { Client, TestGateway } from '../harness';
import { SoftKey } from '../mfa/softKey';
import { totpCode } from '../mfa/totp';

const ok = <T>(what: string, res: { status: number; body: T }): T => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** The gateway's origin as its WebAuthn checks expect it (the public URL). */
export const originOf = (gw: TestGateway) => gw.server.gw.publicUrl();

/** A privilege token: with an empty body for a user without a device, else bought with `proof`. */
async function privilegeToken(client: Client, proof: Record<string, unknown> = {}): Promise<string> {
  return ok('privilege token', await client.post<string>('/v1/webapi/users/privilege/token', proof));
}

/** Registers a software security key for the signed-in user (their first device, or after `proof`). */
export async function addKey(gw: TestGateway, client: Client, proof?: Record<string, unknown>): Promise<SoftKey> {
  const tokenId = await privilegeToken(client, proof);
  const challenge = ok('register challenge', await client.post<RegisterChallengeJson>(`/v1/webapi/mfa/token/${tokenId}/registerchallenge`, { deviceType: 'webauthn', deviceUsage: 'mfa' }));
  const key = new SoftKey();
  const webauthnRegisterResponse = key.create(challenge.webauthn!.publicKey, { origin: originOf(gw) });
  ok('add key', await client.post('/v1/webapi/mfa/devices', { tokenId, deviceName: 'soft key', deviceUsage: 'mfa', webauthnRegisterResponse }));
  return key;
}

/** Second factors are optional on these gateways: users may register devices, and those who have one use it. */
export const mfaConfig = { auth: { secondFactor: 'optional' as const } };

/**
 * Registers an authenticator app for a user who has none yet; answers its shared secret (base32). The code
 * registering it is the previous step's (the gateway allows one step of drift), which leaves the current and
 * the next step's codes for the test to use, each once.
 */
export async function addTotp(client: Client): Promise<string> {
  const tokenId = await privilegeToken(client);
  const challenge = ok('register challenge', await client.post<RegisterChallengeJson>(`/v1/webapi/mfa/token/${tokenId}/registerchallenge`, { deviceType: 'totp' }));
  const secret = challenge.totp!.secret;
  ok('add app', await client.post('/v1/webapi/mfa/devices', { tokenId, deviceName: 'phone', secondFactorToken: totpCode(secret, Date.now() - 30_000) }));
  return secret;
}

/** A fresh challenge of `scope` for the user, answered by `key`. */
export async function keyAnswer(gw: TestGateway, client: Client, key: SoftKey, scope: Exclude<ChallengeScope, 'login'>): Promise<MfaResponseJson> {
  const challenge = ok('challenge', await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/authenticatechallenge', { scope }));
  return { webauthn_response: key.get(challenge.webauthn_challenge!.publicKey, { origin: originOf(gw) }) as unknown as Record<string, unknown> };
}
