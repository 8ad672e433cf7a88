import { randomInt } from 'node:crypto';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import { hashSecret } from '../websessions/secrets';
import type { MfaRepo } from './repo';

/** How many codes a user gets at a time. */
export const recoveryCodeCount = 3;

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code of four groups of five characters: about 99 bits, so a plain hash stores it safely. */
export function newRecoveryCode(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join(''));
  return groups.join('-');
}

/** Codes are compared without case, spaces or dashes, as people retype them. */
export const hashRecoveryCode = (code: string) => hashSecret(code.toLowerCase().replace(/[\s-]/g, ''));

/** Replaces a user's recovery codes with new ones, audited; answers them in plain text, to show once. */
export async function issueRecoveryCodes(repo: MfaRepo, tx: Store, username: string, now: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await repo.replaceRecoveryCodes(username, codes.map(hashRecoveryCode), now, tx);
  await recordEvent(tx, 'RECOVERY_CODE_GENERATED', { user: username }, now);
  return codes;
}
