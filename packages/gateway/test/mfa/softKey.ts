/**
 * A software security key for tests: an ES256 key pair answering WebAuthn creation and request options the way
 * a browser and an authenticator together would (clientDataJSON, authenticatorData, a 'none' attestation), so
 * the gateway's checks run against real signatures. Knobs let a test sign for another origin or RP id, with a
 * counter that went backwards, or without user verification. Test code only.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { WebauthnOptionsJson } from '@portcullis/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { encodeCbor } from './cbor';

const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

/** COSE: key type EC2, algorithm ES256, curve P-256 (RFC 9053). */
const cose = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 };

export interface CreateOptions {
  /** The page's origin the browser reports, e.g. the gateway's public URL. */
  origin: string;
  /** Keep the credential on the key with the user's handle: a passkey, which signs in without a user name. */
  residentKey?: boolean;
  /** Register under this RP id instead of the one the options name. */
  rpId?: string;
  /** Whether the user proved who they are to the key (PIN, fingerprint); true unless told. */
  userVerified?: boolean;
}

export interface GetOptions {
  origin: string;
  /** Sign for this RP id instead of the one the options name (or the one registered with). */
  rpId?: string;
  /** Sign this counter value instead of the next one, e.g. a lower one as a cloned key would. */
  counter?: number;
  userVerified?: boolean;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', options: WebauthnOptionsJson, origin: string): Buffer {
  if (typeof options.challenge !== 'string') throw new Error('the options hold no challenge');
  return Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin, crossOrigin: false }), 'utf8');
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** One credential on one key. */
export class SoftKey {
  /** The credential id, base64url, once created. */
  credentialId = '';
  /** The signature counter; each assertion moves it on by `counterStep`. */
  counter = 0;
  /** The user handle (base64url) a resident credential keeps; passwordless sign-in names the user by it. */
  userHandle: string | undefined;
  private rpId = '';
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  /** `counterStep` 0 makes a key that never counts, as many passkeys do. */
  constructor(private readonly counterStep = 1) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [cose.kty, cose.EC2],
      [cose.alg, cose.ES256],
      [cose.crv, cose.P256],
      [cose.x, Buffer.from(jwk.x!, 'base64url')],
      [cose.y, Buffer.from(jwk.y!, 'base64url')],
    ]);
    return encodeCbor(key);
  }

  /** navigator.credentials.create() answering `publicKey` (the creation options the gateway sent). */
  create(publicKey: WebauthnOptionsJson, opts: CreateOptions): RegistrationResponseJSON {
    const rp = publicKey.rp as { id?: string } | undefined;
    const user = publicKey.user as { id?: string } | undefined;
    const excluded = (publicKey.excludeCredentials as { id: string }[] | undefined) ?? [];
    if (this.credentialId && excluded.some((c) => c.id === this.credentialId)) throw new Error('InvalidStateError: this key is already registered');
    this.rpId = opts.rpId ?? rp?.id ?? new URL(opts.origin).hostname;
    const id = randomBytes(32);
    this.credentialId = b64url(id);
    this.userHandle = opts.residentKey ? user?.id : undefined;
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags.userPresent | (opts.userVerified === false ? 0 : flags.userVerified) | flags.attestedCredential]),
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: all zeros, an authenticator that does not say what it is
      credentialIdLength,
      id,
      this.coseKey(),
    ]);
    const attestationObject = encodeCbor(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', publicKey, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: opts.residentKey ? { credProps: { rk: true } } : {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  /** navigator.credentials.get() answering `publicKey` (the request options the gateway sent). */
  get(publicKey: WebauthnOptionsJson, opts: GetOptions): AuthenticationResponseJSON {
    if (!this.credentialId) throw new Error('this key holds no credential yet: create one first');
    const allowed = (publicKey.allowCredentials as { id: string }[] | undefined) ?? [];
    if (allowed.length ? !allowed.some((c) => c.id === this.credentialId) : !this.userHandle) {
      throw new Error('NotAllowedError: this key holds none of the credentials the options ask for');
    }
    const rpId = opts.rpId ?? (publicKey.rpId as string | undefined) ?? this.rpId;
    if (opts.counter === undefined) this.counter += this.counterStep;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | (opts.userVerified === false ? 0 : flags.userVerified)]),
      counterBytes(opts.counter ?? this.counter),
    ]);
    const clientDataJSON = clientData('webauthn.get', publicKey, opts.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }
}
