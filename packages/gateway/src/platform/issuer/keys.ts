import { randomUUID } from 'node:crypto';
import { CompactSign, exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import type { Store } from '../storage/store';

export const jwtAlgorithm = 'RS256';

/** What the gateway publishes at apiPaths.jwks. */
export interface Jwks {
  keys: JWK[];
}

/**
 * The gateway's signing key as an OpenID issuer: it signs the identity header apps receive and the tokens AWS
 * accepts from an AWS OIDC integration. Kept in the database so that every gateway on it signs
 * with the same key and publishes the same set: the oldest key is the one used, so two gateways creating one at
 * the same moment settle on the same key (and the JWKS holds both until an operator removes one).
 */
export class JwtKeys {
  private constructor(
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly published: Jwks,
  ) {}

  static async loadOrCreate(store: Store, now: () => number): Promise<JwtKeys> {
    if (!(await oldest(store))) {
      const { privateKey, publicKey } = await generateKeyPair(jwtAlgorithm, { modulusLength: 2048, extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: jwtAlgorithm, use: 'sig' };
      await store.db
        .insertInto('app_jwt_keys')
        .values({ kid, private_jwk: JSON.stringify(await exportJWK(privateKey)), public_jwk: JSON.stringify(publicJwk), created_at: now() })
        .execute();
    }
    const row = (await oldest(store))!;
    const rows = await store.db.selectFrom('app_jwt_keys').select('public_jwk').orderBy('created_at').orderBy('kid').execute();
    const privateKey = (await importJWK(JSON.parse(row.private_jwk) as JWK, jwtAlgorithm)) as CryptoKey;
    return new JwtKeys(row.kid, privateKey, { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) });
  }

  jwks(): Jwks {
    return this.published;
  }

  sign(claims: JWTPayload, issuedAt: number, expiresAt: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: jwtAlgorithm, kid: this.kid, typ: 'JWT' })
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .setNotBefore(Math.floor(issuedAt / 1000) - 60)
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(this.privateKey);
  }

  /** A compact JWS whose payload is `payload` itself, with no claims added: a document others verify with the JWKS. */
  signDocument(payload: Uint8Array): Promise<string> {
    return new CompactSign(payload).setProtectedHeader({ alg: jwtAlgorithm, kid: this.kid }).sign(this.privateKey);
  }
}

const oldest = (store: Store) => store.db.selectFrom('app_jwt_keys').selectAll().orderBy('created_at').orderBy('kid').limit(1).executeTakeFirst();

/** The keys, made or read once on first use; a failed attempt (storage down) is tried again by the next caller. */
export function lazyJwtKeys(store: Store, now: () => number): () => Promise<JwtKeys> {
  let keys: Promise<JwtKeys> | undefined;
  return () =>
    (keys ??= JwtKeys.loadOrCreate(store, now).catch((err: unknown) => {
      keys = undefined;
      throw err;
    }));
}
