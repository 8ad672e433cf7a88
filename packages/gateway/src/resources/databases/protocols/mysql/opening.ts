import type { Duplex } from 'node:stream';
import { PacketReader } from '../packetReader';
import { ProtocolError, type Opening } from '../protocol';
import { capability, gatewayCapabilities } from './capabilities';
import {
  cachingSha2Password,
  decodeCapabilities,
  decodeHandshakeResponse,
  encodeGreeting,
  nativePassword,
  newScramble,
} from './handshake';
import { frame } from './packets';
import { readPacket } from './packetStream';

/**
 * A MariaDB-looking version: MariaDB clients then show it as MariaDB 10.11, and mysql2 keeps to what MariaDB
 * accepts (it sends no JSON parameter type to a server whose version says MariaDB). The "5.5.5-" prefix is
 * MariaDB's own, for clients that read the first number as MySQL's major version.
 */
export const serverVersion = '5.5.5-10.11.0-MariaDB-Portcullis';
/**
 * The server's connection id is not known yet when the gateway greets. Clients use the greeting's to KILL QUERY
 * from another connection (mysql's Ctrl-C): 0 is no server's thread id, so such a kill fails instead of stopping
 * someone else's query.
 */
const noConnectionId = 0;
/** utf8mb4_general_ci; the client's own choice, in its response, is what the session uses. */
const greetingCharset = 45;
/** A handshake response is a few hundred bytes; connection attributes may add some. */
const maxResponseLength = 64 * 1024;
/** The shortest handshake response, which is also all an SSLRequest is. */
const minResponseLength = 32;
const noTls =
  'TLS to the gateway is not offered on this port (the tunnel to it is already encrypted): connect without TLS (mysql --skip-ssl, or --ssl-mode=DISABLED for MySQL clients)';

export interface MysqlOpening {
  opening: Opening;
  /** The sequence id the gateway's next packet to the client carries (its OK, or an ERR). */
  nextSeq: number;
}

/**
 * Greets the client and reads its handshake response. The client's password, if it sent one, is not checked:
 * the person was authenticated by the gateway, and the database user's password is the agent's business.
 */
export async function readOpening(
  client: Duplex,
  defaults: { user?: string; database?: string },
): Promise<MysqlOpening> {
  const scramble = newScramble();
  client.write(
    frame(
      0,
      encodeGreeting({
        serverVersion,
        connectionId: noConnectionId,
        capabilities: gatewayCapabilities,
        charset: greetingCharset,
        scramble,
        authPlugin: nativePassword,
      }),
    ),
  );
  const reader = new PacketReader(client);
  try {
    const packet = await readPacket(reader, checkResponseHeader);
    if (!packet)
      return {
        opening: { kind: 'closed', reason: 'the client left before its handshake response' },
        nextSeq: 0,
      };
    const flags = decodeCapabilities(packet.payload);
    if (flags & capability.ssl) throw new ProtocolError(noTls);
    if (!(flags & capability.protocol41))
      throw new ProtocolError(
        'the client speaks the MySQL protocol older than 4.1, which the gateway does not',
      );
    const response = decodeHandshakeResponse(packet.payload);
    const user = response.user || defaults.user;
    if (!user) throw new ProtocolError('the client named no database user in its handshake response');
    const nextSeq = await acceptPassword(
      client,
      reader,
      response.authPlugin || nativePassword,
      response.authResponse,
      scramble,
    );
    if (nextSeq === undefined)
      return { opening: { kind: 'closed', reason: 'the client left during authentication' }, nextSeq: 0 };
    const upstream = {
      capabilities: (response.capabilities & gatewayCapabilities) >>> 0,
      charset: response.charset,
      maxPacketSize: response.maxPacketSize,
      attributes: response.attributes,
    };
    return {
      opening: {
        kind: 'startup',
        user,
        database: response.database || defaults.database || '',
        upstream,
        rest: reader.release(),
      },
      nextSeq,
    };
  } finally {
    reader.release();
  }
}

/**
 * Takes the client's password answer as a server that accepts it would, whatever it is, and answers the sequence
 * id of the OK to come. A caching_sha2_password client that answered the greeting's scramble is told "fast auth
 * success", as a server with the password cached would. Any other client that did not answer with
 * mysql_native_password is switched: caching_sha2_password clients (which send nothing for a greeting naming
 * another plugin, and wait) to their own plugin, the rest to mysql_native_password, which every client has.
 */
async function acceptPassword(
  client: Duplex,
  reader: PacketReader,
  plugin: string,
  answer: Buffer,
  scramble: Buffer,
): Promise<number | undefined> {
  let seq = 2;
  if (plugin === nativePassword) return seq;
  if (plugin !== cachingSha2Password || isEmptyPassword(answer)) {
    plugin = plugin === cachingSha2Password ? plugin : nativePassword;
    client.write(
      frame(seq, Buffer.concat([Buffer.of(0xfe), Buffer.from(`${plugin}\0`), scramble, Buffer.of(0)])),
    );
    const switched = await readPacket(reader, (header) => {
      if (header[3] !== seq + 1 || header.readUIntLE(0, 3) > maxResponseLength)
        throw new ProtocolError('the client answered the auth switch with something else');
    });
    if (!switched) return undefined;
    seq += 2;
    if (plugin === nativePassword || isEmptyPassword(switched.payload)) return seq;
  }
  client.write(frame(seq, Buffer.of(0x01, 0x03)));
  return seq + 1;
}

/** caching_sha2_password's answer for an empty password: nothing, or a lone NUL. */
function isEmptyPassword(answer: Buffer): boolean {
  return answer.length === 0 || (answer.length === 1 && answer[0] === 0);
}

/** Names what a client that is not a MySQL client sent, from the first four bytes it sent. */
function checkResponseHeader(header: Buffer): void {
  const length = header.readUIntLE(0, 3);
  if (header[3] === 1 && length >= minResponseLength && length <= maxResponseLength) return;
  const text = header.toString('latin1');
  if (header[0] === 0x16 && header[1] === 0x03)
    throw new ProtocolError(`the client began a TLS handshake. ${noTls}`);
  if (/^[A-Z]{3,} ?/.test(text)) {
    throw new ProtocolError(
      `the client sent what looks like an HTTP request (${JSON.stringify(text)}…); this port speaks the MySQL protocol: connect with a MySQL client`,
    );
  }
  const bigEndian = header.readUInt32BE(0);
  if (bigEndian >= 8 && bigEndian <= 10_000) {
    throw new ProtocolError(
      'the client sent what looks like a PostgreSQL startup; this port speaks the MySQL protocol: connect with a MySQL client',
    );
  }
  throw new ProtocolError(
    `the client sent something other than a MySQL handshake response (packet length ${length}, sequence id ${header[3]})`,
  );
}
