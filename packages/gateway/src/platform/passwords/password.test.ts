import { availableParallelism } from 'node:os';
import { defaultPasswordHashing, parseConfig } from '../config/config';
import { PasswordHasher, defaultHashConcurrency, encodedPassword } from './password';

const cheap = { memoryKiB: 64, iterations: 1, parallelism: 1 };

describe('PasswordHasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = new PasswordHasher(cheap);
    const stored = await hasher.hash('a long enough password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await hasher.verify(stored, 'a long enough password')).toBe(true);
    expect(await hasher.verify(stored, 'another password')).toBe(false);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });

  it('uses the production cost unless told otherwise', () => {
    expect(defaultPasswordHashing).toEqual({ memoryKiB: 19_456, iterations: 2, parallelism: 1 });
    expect(parseConfig({}).auth.passwordHashing).toEqual(defaultPasswordHashing);
  });

  it('never runs more hashes at once than its limit, leaving a core to the event loop', async () => {
    expect(defaultHashConcurrency).toBe(Math.max(1, availableParallelism() - 1));
    const hasher = new PasswordHasher(cheap, 2);
    let peak = 0;
    let now = 0;
    const spy = (hasher as unknown as { limited: <T>(w: () => Promise<T>) => Promise<T> }).limited.bind(hasher);
    await Promise.all(
      Array.from({ length: 12 }, () =>
        spy(async () => {
          now++;
          peak = Math.max(peak, now);
          await new Promise((r) => setTimeout(r, 5));
          now--;
        }),
      ),
    );
    expect(peak).toBe(2);
  });
});

describe('encoded password fields', () => {
  const strong = encodedPassword({ checkStrength: true });
  it('decodes base64 of UTF-8 text', () => {
    expect(strong.parse(Buffer.from('pässwörd with ünïcode').toString('base64'))).toBe('pässwörd with ünïcode');
  });
  it('refuses plain text and passwords under 12 or over 128 characters', () => {
    expect(strong.safeParse('plain text!').success).toBe(false);
    expect(strong.safeParse(Buffer.from('x'.repeat(11)).toString('base64')).success).toBe(false);
    expect(strong.safeParse(Buffer.from('x'.repeat(12)).toString('base64')).success).toBe(true);
    expect(strong.safeParse(Buffer.from('x'.repeat(129)).toString('base64')).success).toBe(false);
  });
});
