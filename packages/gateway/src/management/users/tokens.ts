import { randomBytes } from 'node:crypto';
import { hashSecret } from '../websessions/secrets';

/** How long an invite stays usable: long enough to reach a new colleague across time zones. */
export const inviteTtlMs = 24 * 3_600_000;
/** How long a password-reset link stays usable. */
export const resetTtlMs = 8 * 3_600_000;

export function newTokenValue(): string {
  return randomBytes(16).toString('hex');
}

export const hashToken = hashSecret;

/** A short, non-secret name for a token in the audit log (a prefix of its hash, never the value). */
export function tokenAuditId(value: string): string {
  return hashToken(value).slice(0, 12);
}
