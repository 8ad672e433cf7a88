import { createHash } from 'node:crypto';
import type { WebauthnOptionsJson } from '@portcullis/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeAttestationObject, parseAuthenticatorData, type ParsedAuthenticatorData } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import { badRequest, forbidden } from '../../platform/access/errors';
import { describeIssues } from '../../platform/access/issues';
import type { MfaDevice } from './repo';

/** How long a browser may take over a WebAuthn prompt; the challenge lives as long. */
export const challengeTtlMs = 5 * 60_000;

const base64url = z.string().min(1, 'is missing').regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
const extensionResults = z.record(z.string(), z.unknown()).optional();

/** The JSON of a PublicKeyCredential from navigator.credentials.get(), as browsers' WebAuthn libraries send it. */
const assertionSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.nullish() }),
  clientExtensionResults: extensionResults,
});

/** The same from navigator.credentials.create(). */
const registrationSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({ clientDataJSON: base64url, attestationObject: base64url, transports: z.array(z.string()).optional() }),
  clientExtensionResults: extensionResults,
});

const clientDataSchema = z.object({ type: z.string(), challenge: z.string(), origin: z.string() });

const malformed = (detail: string) => badRequest(`the security key's answer is malformed (${detail}): try again, and if it keeps failing use another browser or key`);

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (!result.success) throw malformed(describeIssues('credential', result.error));
  return result.data;
}

function readClientData(encoded: string): z.infer<typeof clientDataSchema> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw malformed('clientDataJSON is not JSON');
  }
  return parse(clientDataSchema, json);
}

function readAuthenticatorData(bytes: Uint8Array<ArrayBuffer>): ParsedAuthenticatorData {
  try {
    return parseAuthenticatorData(bytes);
  } catch (err) {
    throw malformed(`authenticatorData: ${(err as Error).message}`);
  }
}

/** An assertion with what the gateway reads before checking its signature: which challenge, origin, RP and counter. */
export interface Assertion {
  json: AuthenticationResponseJSON;
  clientData: z.infer<typeof clientDataSchema>;
  authData: ParsedAuthenticatorData;
  /** The user handle of a discoverable credential, decoded: the user's name. */
  userHandle: string | undefined;
}

/** Reads an assertion; anything that is not one is a 400 naming what is wrong. */
export function parseAssertion(raw: unknown): Assertion {
  const json = parse(assertionSchema, raw);
  const clientData = readClientData(json.response.clientDataJSON);
  if (clientData.type !== 'webauthn.get') throw malformed(`clientDataJSON.type is ${clientData.type}, not webauthn.get`);
  const authData = readAuthenticatorData(Buffer.from(json.response.authenticatorData, 'base64url'));
  // Browsers send a null userHandle for a credential that is not discoverable; the library wants it absent.
  const { userHandle, ...response } = json.response;
  return {
    json: { ...json, response: { ...response, ...(userHandle && { userHandle }) }, clientExtensionResults: json.clientExtensionResults ?? {} },
    clientData,
    authData,
    userHandle: userHandle ? Buffer.from(userHandle, 'base64url').toString('utf8') : undefined,
  };
}

/** The challenge a registration answers, read before the registration is checked against it. */
export function registrationChallenge(raw: unknown): string {
  return readClientData(parse(registrationSchema, raw).response.clientDataJSON).challenge;
}

export const counterNotForward = (device: Pick<MfaDevice, 'name' | 'signCount'>, counter: number) =>
  `the security key's signature counter did not move forward (${counter} after ${device.signCount}), which betrays a cloned key: remove the key "${device.name}" and register it again`;

/** A credential a key created, as the gateway stores it. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

/**
 * This gateway as a WebAuthn relying party: its RP id (a host name) and the origins the console is served on,
 * from `auth.webauthn` or else the public URL, which is known once the gateway listens. Every check that tells
 * a person what to do differently is made here, before the library verifies the signature.
 */
export class RelyingParty {
  constructor(
    private readonly settings: { rpId?: string | undefined; origins?: string[] | undefined },
    private readonly publicUrl: () => string,
    readonly name: string,
  ) {}

  get id(): string {
    return this.settings.rpId ?? new URL(this.publicUrl()).hostname;
  }

  get origins(): string[] {
    return this.settings.origins?.map((o) => new URL(o).origin) ?? [new URL(this.publicUrl()).origin];
  }

  /** Creation options for `username`'s new key; a passkey must be discoverable and verify the user. */
  async creationOptions(username: string, exclude: MfaDevice[], passwordless: boolean): Promise<WebauthnOptionsJson> {
    const options = await generateRegistrationOptions({
      rpName: this.name,
      rpID: this.id,
      userName: username,
      // The handle a passkey returns when it signs in: the user's name, so it needs no lookup table.
      userID: new TextEncoder().encode(username),
      attestationType: 'none',
      timeout: challengeTtlMs,
      excludeCredentials: exclude.filter((d) => d.credentialId).map((d) => ({ id: d.credentialId!, transports: d.transports })),
      authenticatorSelection: passwordless ? { residentKey: 'required', userVerification: 'required' } : { residentKey: 'discouraged', userVerification: 'discouraged' },
    });
    return options as unknown as WebauthnOptionsJson;
  }

  /** Request options for the given keys, or for any passkey of this gateway when `devices` is undefined. */
  async requestOptions(devices: MfaDevice[] | undefined): Promise<WebauthnOptionsJson> {
    const options = await generateAuthenticationOptions({
      rpID: this.id,
      timeout: challengeTtlMs,
      userVerification: devices ? 'discouraged' : 'required',
      ...(devices && { allowCredentials: devices.filter((d) => d.credentialId).map((d) => ({ id: d.credentialId!, transports: d.transports })) }),
    });
    return options as unknown as WebauthnOptionsJson;
  }

  private checkOrigin(origin: string): void {
    if (!this.origins.includes(origin)) {
      throw forbidden(`the security key answered for ${origin}, but this gateway is ${this.origins.join(' or ')}: open the console at that address and try again`);
    }
  }

  private checkRpId(authData: ParsedAuthenticatorData): void {
    const expected = createHash('sha256').update(this.id).digest();
    if (!expected.equals(Buffer.from(authData.rpIdHash))) {
      throw forbidden(`the security key signed for another site than ${this.id} (its RP id): use a key registered on this gateway`);
    }
  }

  /** Checks a new credential answering `challenge`; a passkey must have verified the user. */
  async checkRegistration(raw: unknown, challenge: string, passwordless: boolean): Promise<NewCredential> {
    const json = parse(registrationSchema, raw) as RegistrationResponseJSON;
    const clientData = readClientData(json.response.clientDataJSON);
    if (clientData.type !== 'webauthn.create') throw malformed(`clientDataJSON.type is ${clientData.type}, not webauthn.create`);
    if (clientData.challenge !== challenge) throw forbidden('this registration answers another challenge: start adding the device again');
    this.checkOrigin(clientData.origin);
    let authData: Uint8Array<ArrayBuffer>;
    try {
      authData = decodeAttestationObject(Buffer.from(json.response.attestationObject, 'base64url')).get('authData');
    } catch (err) {
      throw malformed(`attestationObject: ${(err as Error).message}`);
    }
    const parsed = readAuthenticatorData(authData);
    this.checkRpId(parsed);
    if (passwordless && !parsed.flags.uv) throw forbidden('the passkey did not verify you (with a PIN or biometrics): use a key or device that asks for one');
    const verified = await verifyRegistrationResponse({
      response: { ...json, clientExtensionResults: json.clientExtensionResults ?? {} },
      expectedChallenge: challenge,
      expectedOrigin: this.origins,
      expectedRPID: this.id,
      requireUserVerification: passwordless,
    }).catch((err: Error) => {
      throw badRequest(`the security key's registration could not be verified (${err.message}): try again`);
    });
    if (!verified.verified) throw badRequest('the security key\'s registration could not be verified: try again');
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: json.response.transports ?? [],
    };
  }

  /**
   * Checks an assertion by `device` answering `challenge`, and answers the key's new signature counter. The
   * counter must move forward unless the key keeps none (both 0): one that does not betrays a cloned key.
   */
  async checkAssertion(assertion: Assertion, challenge: string, device: MfaDevice, passwordless: boolean): Promise<number> {
    this.checkOrigin(assertion.clientData.origin);
    this.checkRpId(assertion.authData);
    const { counter } = assertion.authData;
    if (!(counter > device.signCount || (counter === 0 && device.signCount === 0))) throw forbidden(counterNotForward(device, counter));
    if (passwordless && !assertion.authData.flags.uv) throw forbidden('the passkey did not verify you (with a PIN or biometrics): use a key or device that asks for one');
    const verified = await verifyAuthenticationResponse({
      response: assertion.json,
      expectedChallenge: challenge,
      expectedOrigin: this.origins,
      expectedRPID: this.id,
      credential: { id: device.credentialId!, publicKey: Buffer.from(device.publicKey!, 'base64url'), counter: device.signCount, transports: device.transports as never },
      requireUserVerification: passwordless,
    }).catch((err: Error) => {
      throw forbidden(`the security key's answer could not be verified (${err.message}): try again`);
    });
    if (!verified.verified) throw forbidden('the security key\'s signature is not valid: try again, with a key registered on this gateway');
    return verified.authenticationInfo.newCounter;
  }
}
