import { createHash, createHmac, pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

// Asynchronous, so that a server asking for many iterations does not stall the agent's other connections.
const pbkdf2Async = promisify(pbkdf2);

/**
 * The client side of SCRAM-SHA-256 (RFC 5802, RFC 7677) without channel binding, as PostgreSQL asks for it on a
 * connection without TLS. PostgreSQL ignores the user name inside SCRAM (the startup's counts); it is sent all
 * the same, escaped, as the RFC has it.
 */
export class ScramClient {
  /** The client-first-message. */
  readonly first: string;
  private readonly firstBare: string;
  private serverSignature: Buffer | undefined;

  constructor(
    private readonly password: string,
    user: string,
    private readonly nonce = randomBytes(18).toString('base64'),
  ) {
    this.firstBare = `n=${user.replaceAll('=', '=3D').replaceAll(',', '=2C')},r=${nonce}`;
    this.first = `n,,${this.firstBare}`;
  }

  /** The client-final-message answering the server-first-message; throws when the latter is not one. */
  async final(serverFirst: string): Promise<string> {
    const attributes = new Map(serverFirst.split(',').map((a) => [a.slice(0, 1), a.slice(2)]));
    const nonce = attributes.get('r');
    const salt = attributes.get('s');
    const iterations = Number(attributes.get('i'));
    if (
      !nonce?.startsWith(this.nonce) ||
      nonce.length === this.nonce.length ||
      !salt ||
      !Number.isSafeInteger(iterations) ||
      iterations < 1
    ) {
      throw new Error('the database sent a malformed SCRAM challenge');
    }
    const salted = await pbkdf2Async(
      saslPrep(this.password),
      Buffer.from(salt, 'base64'),
      iterations,
      32,
      'sha256',
    );
    // "biws" is base64 of the GS2 header "n,,": no channel binding.
    const withoutProof = `c=biws,r=${nonce}`;
    const authMessage = `${this.firstBare},${serverFirst},${withoutProof}`;
    const proof = hmac(salted, 'Client Key');
    const signature = hmac(createHash('sha256').update(proof).digest(), authMessage);
    for (let i = 0; i < proof.length; i++) proof[i]! ^= signature[i]!;
    this.serverSignature = hmac(hmac(salted, 'Server Key'), authMessage);
    return `${withoutProof},p=${proof.toString('base64')}`;
  }

  /** Whether the server-final-message proves the server holds this password's verifier. */
  verify(serverFinal: string): boolean {
    if (!this.serverSignature || !serverFinal.startsWith('v=')) return false;
    const claimed = Buffer.from(serverFinal.slice(2), 'base64');
    return claimed.length === this.serverSignature.length && timingSafeEqual(claimed, this.serverSignature);
  }
}

function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

/** RFC 3454 table B.1, "commonly mapped to nothing" (soft hyphen, joiners, variation selectors …). */
const mappedToNothing = new Set([
  0xad, 0x34f, 0x1806, 0x180b, 0x180c, 0x180d, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff,
]);
for (let c = 0xfe00; c <= 0xfe0f; c++) mappedToNothing.add(c);

/**
 * SASLprep (RFC 4013) as far as PostgreSQL's passwords need it: characters mapped to nothing are dropped, other
 * non-ASCII spaces become spaces, then NFKC. Its prohibited-character checks are left out (PostgreSQL then uses
 * the password unprepared, this prepares it all the same), a difference no password of printable ASCII meets.
 */
function saslPrep(password: string): string {
  return Array.from(password, (c) => (mappedToNothing.has(c.codePointAt(0)!) ? '' : c))
    .join('')
    .replace(/[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .normalize('NFKC');
}
