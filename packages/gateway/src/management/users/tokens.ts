import { randomBytes } from 'node:crypto';
import type { UserToken, UserTokenKind } from '../../platform/storage/repos/tokens';
import type { Store } from '../../platform/storage/store';
import { hashSecret } from '../websessions/secrets';

/** How long an invite stays usable: long enough to reach a new colleague across time zones. */
export const inviteTtlMs = 24 * 3_600_000;
/** How long a password-reset link stays usable. */
export const resetTtlMs = 8 * 3_600_000;
/** How long re-authenticating buys the right to change one's devices. */
export const privilegeTtlMs = 5 * 60_000;

export function newTokenValue(): string {
  return randomBytes(16).toString('hex');
}

export const hashToken = hashSecret;

/** A short, non-secret name for a token in the audit log (a prefix of its hash, never the value). */
export function tokenAuditId(value: string): string {
  return hashToken(value).slice(0, 12);
}

/** The live token of `value` if it is one of `kinds`; undefined when unknown, expired or of another kind. */
export async function liveUserToken(store: Store, value: string, kinds: UserTokenKind[], now: number): Promise<UserToken | undefined> {
  const token = await store.userTokens.get(hashToken(value));
  return token && token.expiresAt > now && kinds.includes(token.kind) ? token : undefined;
}
