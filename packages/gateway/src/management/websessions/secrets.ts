import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The session cookie carries a random secret; the store keeps only its hash. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * The bearer token is derived from the cookie's secret, so the server can render it into the page for a
 * browser holding the cookie without ever storing it.
 */
export function bearerFor(secret: string): string {
  return createHmac('sha256', secret).update('portcullis-bearer').digest('hex');
}

/**
 * Constant-time comparison of a secret with what a caller offered. Lengths are compared in bytes: a header may
 * hold non-ASCII characters, and a string of the right length can then be longer in UTF-8 (timingSafeEqual throws).
 */
export function sameSecret(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
