import type { Socket } from 'node:net';
import { TLSSocket, type SecureContext } from 'node:tls';
import { PacketReader } from '../protocols/packetReader';
import { cancelRequestCode, gssEncRequestCode, sslRequestCode } from '../protocols/postgres/messages';
import type { DatabaseProtocol } from '../protocols/protocol';

/** A TLS record's first byte (a handshake): how a client that starts with TLS at once begins. */
const tlsHandshake = 0x16;

/**
 * How a connection to the database listener began. `wire` is the protocol its client speaks, as far as the
 * opening tells (the certificate's database says for sure): refusals before then are written in it.
 */
export type ListenerOpening = { kind: 'tls'; socket: TLSSocket; wire: DatabaseProtocol } | { kind: 'clear'; wire: DatabaseProtocol } | { kind: 'closed' };

/**
 * Reads a connection's opening up to its TLS handshake. A PostgreSQL client asks first (SSLRequest, answered
 * 'S'; a GSSAPI encryption request is declined with 'N'); redis-cli --tls, and PostgreSQL 17's direct TLS
 * (ALPN "postgresql"), start the handshake at once. The client's certificate is asked for, and checked by the
 * caller, so that a refusal reaches the client as its protocol's error rather than a bare TLS alert.
 */
export async function openTls(socket: Socket, context: SecureContext): Promise<ListenerOpening> {
  const reader = new PacketReader(socket);
  let asked = false;
  let first: Buffer | undefined;
  try {
    // GSSAPI encryption then TLS, each at most once, is all a PostgreSQL client may ask before its handshake.
    for (let requests = 0; ; requests++) {
      first = await reader.take(1);
      if (!first) return { kind: 'closed' };
      if (first[0] === tlsHandshake) break;
      // After its 'S' a PostgreSQL client must start TLS. Every PostgreSQL packet before its startup begins
      // with its length, whose first byte is 0: anything else is a Redis command.
      if (asked || first[0] !== 0) return { kind: 'clear', wire: asked ? 'postgres' : 'redis' };
      const head = await reader.take(7);
      if (!head) return { kind: 'closed' };
      const length = Buffer.concat([first, head]).readInt32BE(0);
      const code = head.readInt32BE(3);
      first = undefined;
      if (code === cancelRequestCode) return { kind: 'closed' };
      if (length !== 8 || requests >= 2 || (code !== sslRequestCode && code !== gssEncRequestCode)) return { kind: 'clear', wire: 'postgres' };
      asked = code === sslRequestCode;
      socket.write(asked ? 'S' : 'N');
    }
  } finally {
    const rest = reader.release();
    // What was read past the opening is the handshake's start: given back, the TLS layer reads it first.
    if (first || rest.length) socket.unshift(Buffer.concat([first ?? Buffer.alloc(0), rest]));
  }
  const tls = new TLSSocket(socket, { isServer: true, secureContext: context, requestCert: true, rejectUnauthorized: false, ALPNProtocols: ['postgresql'] });
  tls.on('error', () => undefined); // a failed handshake ends in 'close', which is waited for below
  const secure = await new Promise<boolean>((resolve) => {
    tls.once('secure', () => resolve(true));
    tls.once('close', () => resolve(false));
  });
  if (!secure) return { kind: 'closed' };
  return { kind: 'tls', socket: tls, wire: asked || tls.alpnProtocol === 'postgresql' ? 'postgres' : 'redis' };
}
