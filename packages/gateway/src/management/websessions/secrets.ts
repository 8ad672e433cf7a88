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

export function sameSecret(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
