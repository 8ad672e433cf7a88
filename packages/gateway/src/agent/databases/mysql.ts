import type { Socket } from 'node:net';
import { PacketReader } from '../../resources/databases/protocols/packetReader';
import {
  capability,
  gatewayCapabilities,
  handshakeOnlyCapabilities,
} from '../../resources/databases/protocols/mysql/capabilities';
import {
  cachingSha2Password,
  decodeGreeting,
  encodeHandshakeResponse,
  nativePassword,
} from '../../resources/databases/protocols/mysql/handshake';
import { Cursor, frame, PayloadWriter } from '../../resources/databases/protocols/mysql/packets';
import { readPacket } from '../../resources/databases/protocols/mysql/packetStream';
import { ProtocolError } from '../../resources/databases/protocols/protocol';
import { LoginError, type Login, type LoginRequest } from './login';
import { cachingSha2Token, nativePasswordToken, rsaPasswordToken } from './mysqlPasswords';

/** What the gateway read of the client's handshake (see the gateway's MySQL opening), as the agent gets it. */
interface ClientHandshake {
  capabilities: number;
  charset: number;
  maxPacketSize: number;
  attributes: Record<string, string>;
}

/** A server's handshake packets are small; a longer one is not a MySQL server's. */
const maxLoginPacket = 64 * 1024;
/** What the agent's login itself needs the server to have: MySQL 5.5 and MariaDB 5.5 onwards have them all. */
const required = capability.protocol41 | capability.secureConnection | capability.pluginAuth;

/**
 * Logs in to MySQL or MariaDB as a client: the greeting, a HandshakeResponse41 with the client's own session
 * capabilities, charset and connection attributes, then whatever the server asks (auth switch, caching_sha2's
 * fast or full authentication) until its OK. Nothing of the login is the client's: the gateway sends its own OK.
 */
export const mysqlLogin: Login = async (socket, request) => {
  const conn = { socket, reader: new PacketReader(socket) };
  try {
    return await login(conn, request.user, request.database, request.password ?? '', clientHandshake(request.upstream), request.startTls);
  } catch (err) {
    if (err instanceof ProtocolError)
      throw new LoginError(`the database server sent a ${err.message} during login`);
    throw err;
  } finally {
    conn.reader.release();
    conn.socket.pause();
  }
};

/** The connection the login reads and writes: the socket it was given, or the TLS over it once started. */
interface Connection {
  socket: Socket;
  reader: PacketReader;
}

async function login(
  conn: Connection,
  user: string,
  database: string,
  password: string,
  client: ClientHandshake,
  startTls: LoginRequest['startTls'],
): Promise<Buffer> {
  const first = await next(conn.reader);
  if (first.payload[0] === 0xff) throw new LoginError(errorMessage(first.payload));
  const greeting = decodeGreeting(first.payload);
  if ((greeting.capabilities & required) !== required)
    throw new LoginError(
      `the database server (${greeting.serverVersion}) is older than the gateway supports (MySQL or MariaDB 5.5)`,
    );
  const wanted =
    (client.capabilities & gatewayCapabilities & ~handshakeOnlyCapabilities) |
    required |
    capability.pluginAuthLenencData |
    (database ? capability.connectWithDb : 0) |
    (Object.keys(client.attributes).length ? capability.connectAttrs : 0);
  let capabilities = (wanted & greeting.capabilities) >>> 0;
  let plugin = [nativePassword, cachingSha2Password].includes(greeting.authPlugin)
    ? greeting.authPlugin
    : nativePassword;
  let scramble = greeting.scramble;
  let seq = 1;
  const send = (payload: Buffer) => conn.socket.write(frame(seq++, payload));
  if (startTls) {
    if (!(greeting.capabilities & capability.ssl))
      throw new Error('the database does not take TLS (its have_ssl is not YES), and the URI asks for it');
    capabilities = (capabilities | capability.ssl) >>> 0;
    // An SSLRequest is the head of a handshake response alone; the rest goes over TLS.
    send(new PayloadWriter().u32(capabilities).u32(client.maxPacketSize).u8(client.charset).zeros(23).build());
    // Bytes after the greeting and before TLS come from whoever is on the path, not from the server.
    if (conn.reader.release().length) throw new Error('the database sent bytes in the clear before TLS');
    conn.socket = await startTls(conn.socket);
    conn.reader = new PacketReader(conn.socket);
  }
  send(
    encodeHandshakeResponse({
      capabilities,
      maxPacketSize: client.maxPacketSize,
      charset: client.charset,
      user,
      authResponse: token(plugin, password, scramble),
      database,
      authPlugin: plugin,
      attributes: client.attributes,
    }),
  );
  for (;;) {
    const packet = await next(conn.reader);
    seq = packet.seq + 1;
    const { payload } = packet;
    switch (payload[0]) {
      case 0x00:
        return conn.reader.release();
      case 0xff:
        throw new LoginError(errorMessage(payload));
      case 0xfe: {
        const c = new Cursor(payload, 'auth switch request');
        c.u8();
        plugin = c.cstring().toString();
        // The switch's data is the new scramble, NUL-terminated.
        const data = c.rest();
        scramble = data[data.length - 1] === 0 ? data.subarray(0, -1) : data;
        if (plugin !== nativePassword && plugin !== cachingSha2Password) {
          throw new LoginError(
            `the database server asks for the ${plugin} authentication plugin, which the agent does not support (it speaks mysql_native_password and caching_sha2_password)`,
          );
        }
        send(token(plugin, password, scramble));
        break;
      }
      case 0x01: {
        if (plugin !== cachingSha2Password)
          throw new LoginError(
            `the database server sent more authentication data for ${plugin}, which has none`,
          );
        const data = payload.subarray(1);
        // 3: the server had the password cached and accepts the fast answer (its OK follows). 4: it wants the
        // password itself: over TLS as it is, NUL-terminated; without, encrypted with its RSA public key, asked
        // for with a 2.
        if (data.length === 1 && data[0] === 3) break;
        if (data.length === 1 && data[0] === 4) send(startTls ? Buffer.from(`${password}\0`, 'utf8') : Buffer.of(2));
        else if (data.toString('latin1').startsWith('-----BEGIN'))
          send(rsaPasswordToken(password, scramble, data.toString('latin1')));
        else
          throw new LoginError('the database server sent authentication data the agent does not understand');
        break;
      }
      default:
        throw new LoginError('the database server sent something other than a MySQL login answer');
    }
  }
}

function token(plugin: string, password: string, scramble: Buffer): Buffer {
  return plugin === cachingSha2Password
    ? cachingSha2Token(password, scramble)
    : nativePasswordToken(password, scramble);
}

async function next(reader: PacketReader) {
  const packet = await readPacket(reader, (header) => {
    if (header.readUIntLE(0, 3) > maxLoginPacket)
      throw new LoginError('the database server sent something other than a MySQL login answer');
  });
  if (!packet) throw new LoginError('the database server closed the connection during login');
  return packet;
}

/** An ERR packet's message (after its code and, in the 4.1 layout, '#' and the SQL state). */
function errorMessage(payload: Buffer): string {
  const start = payload[3] === 0x23 ? 9 : 3;
  return payload.toString('utf8', start);
}

/** The gateway's reading of the client's handshake, with what a client that sent none would have. */
function clientHandshake(upstream: Record<string, unknown>): ClientHandshake {
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) ? value : fallback;
  const attributes: Record<string, string> = {};
  if (upstream.attributes && typeof upstream.attributes === 'object') {
    for (const [key, value] of Object.entries(upstream.attributes))
      if (typeof value === 'string') attributes[key] = value;
  }
  return {
    capabilities: number(upstream.capabilities, gatewayCapabilities),
    charset: number(upstream.charset, 45),
    maxPacketSize: number(upstream.maxPacketSize, 16 * 1024 * 1024),
    attributes,
  };
}
