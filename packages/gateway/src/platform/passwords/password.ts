import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { decodePassword, encodePassword, passwordLength } from '@portcullis/shared';
import { z } from 'zod';

export interface HashCost {
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/**
 * How many hashes may run at once: one core is left to the event loop, which would otherwise compete with
 * every busy hashing thread for the CPU (and the libuv pool stays free for file and DNS work).
 */
export const defaultHashConcurrency = Math.max(1, availableParallelism() - 1);

/**
 * Argon2id hashing. @node-rs/argon2 runs each hash on the libuv thread pool, off the event loop; a queue
 * bounds how many run at once.
 */
export class PasswordHasher {
  private decoy: Promise<string> | undefined;
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly cost: HashCost,
    private readonly concurrency = defaultHashConcurrency,
  ) {}

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    // A finishing hash hands its slot straight to the next in line, so a newcomer cannot slip in between.
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, { memoryCost: this.cost.memoryKiB, timeCost: this.cost.iterations, parallelism: this.cost.parallelism }));
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.limited(() => verify(stored, password).catch(() => false));
  }

  /** Spends the same work as a real check, so an unknown user answers no faster than a wrong password. */
  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= this.hash('portcullis-decoy');
    await this.verify(await this.decoy, password);
    return false;
  }
}

const { min: minPasswordLength, max: maxPasswordLength } = passwordLength;

/**
 * A password field on the wire: base64 of the UTF-8 text, as the console sends every password. Decodes to
 * the plain text; the message names the field when the value is not base64.
 */
export function encodedPassword(opts: { checkStrength: boolean }) {
  return z.string().transform((value, ctx) => {
    let text = '';
    try {
      text = decodePassword(value);
    } catch {
      // Not base64 at all: reported below.
    }
    // Re-encoding must give the input back, or it was not base64 of UTF-8 text.
    if (value.length === 0 || encodePassword(text).replace(/=+$/, '') !== value.replace(/=+$/, '')) {
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
