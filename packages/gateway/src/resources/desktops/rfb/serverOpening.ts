import type { Duplex } from 'node:stream';
import { PacketReader } from '../../databases/protocols/packetReader';
import { RfbError } from './rfbError';

const securityNone = 1;

/** What the browser's RFB client asked for in its opening, and any bytes it sent past it (its first messages). */
export interface BrowserOpening {
  /** ClientInit's shared flag: whether the desktop's other viewers may stay. */
  shared: boolean;
  rest: Buffer;
}

/**
 * The server's side of the RFB opening (RFC 6143 §7.1, §7.3.1) with the browser: the gateway offers version 3.8
 * and no security of RFB's own (the user has signed in to the gateway, and the desktop's password stays with the
 * agent), then reads ClientInit. 3.3 and 3.7 clients are answered in their versions' terms. Resolves with
 * undefined when the browser leaves first; a client that is not speaking RFB is an RfbError.
 */
export async function openBrowserRfb(client: Duplex): Promise<BrowserOpening | undefined> {
  const reader = new PacketReader(client);
  client.write('RFB 003.008\n');
  const version = await reader.take(12);
  if (!version) return undefined;
  const minor = /^RFB 003\.00([378])\n$/.exec(version.toString('latin1'))?.[1];
  if (!minor)
    throw new RfbError(
      `the browser did not answer as an RFB client: it sent ${JSON.stringify(version.toString('latin1'))} where "RFB 003.008\\n" was expected`,
    );
  if (minor === '3') {
    client.write(u32(securityNone));
  } else {
    client.write(Buffer.of(1, securityNone));
    const chosen = await reader.take(1);
    if (!chosen) return undefined;
    if (chosen[0] !== securityNone) throw new RfbError(`the browser chose RFB security type ${chosen[0]}, where the gateway offers only None (1)`);
    // 3.7 has no security result after None; 3.8 always sends one.
    if (minor === '8') client.write(u32(0));
  }
  const init = await reader.take(1);
  if (!init) return undefined;
  return { shared: init[0] !== 0, rest: reader.release() };
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
