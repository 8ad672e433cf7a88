import type { Identity } from '../../../platform/access/identity';
import type { JwtKeys } from '../../../platform/issuer/keys';

/** The request header carrying the signed identity to the app (lower case, as Node keeps header names). */
export const assertionHeader = 'portcullis-jwt-assertion';

/**
 * How long one assertion is good for. Short, so an app that keeps one learns little; it is signed again halfway
 * through (RSA signing costs about a millisecond, too much to pay on every request).
 */
export const assertionTtlMs = 60_000;

export interface SignedAssertion {
  token: string;
  /** When to sign a fresh one. */
  renewAt: number;
}

/**
 * Signs the identity apps receive: iss the gateway's public URL, aud the app's public origin, sub and username
 * the user, roles (names, assumed ones included) and traits, iat and a short exp (never past the app session's).
 */
export class AssertionSigner {
  constructor(
    private readonly keys: () => Promise<JwtKeys>,
    private readonly issuer: () => string,
    private readonly now: () => number,
  ) {}

  async sign(identity: Identity, audience: string, sessionExpiresAt: number): Promise<SignedAssertion> {
    const now = this.now();
    const expiresAt = Math.min(now + assertionTtlMs, sessionExpiresAt);
    const roles = [...new Set([...identity.roles.roles, ...identity.roles.restricted.map((r) => r.role)].map((r) => r.metadata.name))].sort();
    const claims = { iss: this.issuer(), aud: audience, sub: identity.user.name, username: identity.user.name, roles, traits: identity.user.traits };
    const token = await (await this.keys()).sign(claims, now, expiresAt);
    return { token, renewAt: now + (expiresAt - now) / 2 };
  }
}
