import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';

export interface HashCost {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/**
 * Argon2id hashing. @node-rs/argon2 runs each hash on the libuv thread pool, so the event loop keeps serving
 * other requests while a login is being checked.
 */
export class PasswordHasher {
  private decoy: Promise<string> | undefined;

  constructor(private readonly cost: HashCost) {}

  hash(password: string): Promise<string> {
    return hash(password, { memoryCost: this.cost.memoryKiB, timeCost: this.cost.iterations, parallelism: this.cost.parallelism });
  }

  verify(stored: string, password: string): Promise<boolean> {
    return verify(stored, password).catch(() => false);
  }

  /** Spends the same work as a real check, so an unknown user answers no faster than a wrong password. */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash('portcullis-decoy');
    await this.verify(await this.decoy, password);
    return false;
  }
}

export const minPasswordLength = 12;
export const maxPasswordLength = 128;

/**
 * A password field on the wire: base64 of the UTF-8 text (spec §5, "passwords are sent encoded"). Decodes to
 * the plain text; the message names the field when the value is not base64.
 */
export function encodedPassword(opts: { checkStrength: boolean }) {
  return z.string().transform((value, ctx) => {
    const text = Buffer.from(value, 'base64').toString('utf8');
    if (value.length === 0 || Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, '')) {
      ctx.addIssue({ code: 'custom', message: 'must be the password encoded as base64 of its UTF-8 text' });
      return z.NEVER;
    }
    if (opts.checkStrength && (text.length < minPasswordLength || text.length > maxPasswordLength)) {
      ctx.addIssue({ code: 'custom', message: `the password must be ${minPasswordLength} to ${maxPasswordLength} characters long` });
      return z.NEVER;
    }
    return text;
  });
}
