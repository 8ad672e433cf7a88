import { randomBytes } from 'node:crypto';
import { ProtocolError } from '../protocol';
import { capability } from './capabilities';
import { Cursor, PayloadWriter } from './packets';

export const nativePassword = 'mysql_native_password';
export const cachingSha2Password = 'caching_sha2_password';

/** Handshake v10, the server's greeting. */
export interface Greeting {
  serverVersion: string;
  connectionId: number;
  capabilities: number;
  charset: number;
  /** The auth plugin data (20 bytes for both password plugins), without the trailing NUL. */
  scramble: Buffer;
  authPlugin: string;
}

/** HandshakeResponse41, the client's answer to the greeting. */
export interface HandshakeResponse {
  capabilities: number;
  maxPacketSize: number;
  charset: number;
  user: string;
  authResponse: Buffer;
  database: string;
  authPlugin: string;
  attributes: Record<string, string>;
}

/** Twenty printable bytes, as servers make them: some clients treat the scramble as a C string. */
export function newScramble(): Buffer {
  const bytes = randomBytes(20);
  for (let i = 0; i < bytes.length; i++) bytes[i] = 0x21 + (bytes[i]! % 94);
  return bytes;
}

export function encodeGreeting(g: Greeting): Buffer {
  return new PayloadWriter()
    .u8(10)
    .cstring(g.serverVersion)
    .u32(g.connectionId)
    .bytes(g.scramble.subarray(0, 8))
    .u8(0)
    .u16(g.capabilities & 0xffff)
    .u8(g.charset)
    .u16(0x0002)
    .u16(g.capabilities >>> 16)
    .u8(g.scramble.length + 1)
    .zeros(10)
    .cstring(g.scramble.subarray(8))
    .cstring(g.authPlugin)
    .build();
}

export function decodeGreeting(payload: Buffer): Greeting {
  const c = new Cursor(payload, 'server greeting');
  if (c.u8() !== 10) throw new ProtocolError('server greeting of a protocol other than version 10');
  const serverVersion = c.cstring().toString();
  const connectionId = c.u32();
  const part1 = c.bytes(8);
  c.u8();
  let capabilities = c.u16();
  const charset = c.u8();
  c.u16();
  capabilities |= c.u16() << 16;
  const dataLength = c.u8();
  c.bytes(10);
  const part2 =
    capabilities & capability.secureConnection ? c.bytes(Math.max(13, dataLength - 8)) : Buffer.alloc(0);
  // Some servers leave out the plugin name's NUL: it runs to the end of the packet.
  const authPlugin =
    capabilities & capability.pluginAuth ? c.rest().toString().replace(/\0.*$/s, '') : nativePassword;
  // The data length counts the NUL that ends part 2.
  const scramble = Buffer.concat([part1, part2]).subarray(0, dataLength ? dataLength - 1 : 20);
  return { serverVersion, connectionId, capabilities: capabilities >>> 0, charset, scramble, authPlugin };
}

/** Just the fixed head of a handshake response, which is all an SSLRequest is. */
export function decodeCapabilities(payload: Buffer): number {
  return new Cursor(payload, 'handshake response').u32();
}

export function decodeHandshakeResponse(payload: Buffer): HandshakeResponse {
  const c = new Cursor(payload, 'handshake response');
  const capabilities = c.u32();
  const maxPacketSize = c.u32();
  const charset = c.u8();
  c.bytes(23);
  const user = c.cstring().toString();
  const authResponse =
    capabilities & capability.pluginAuthLenencData
      ? c.lenencBytes()
      : capabilities & capability.secureConnection
        ? c.bytes(c.u8())
        : c.cstring();
  const database = capabilities & capability.connectWithDb && c.remaining ? c.cstring().toString() : '';
  const authPlugin = capabilities & capability.pluginAuth && c.remaining ? c.cstring().toString() : '';
  const attributes: Record<string, string> = {};
  if (capabilities & capability.connectAttrs && c.remaining) {
    const attrs = new Cursor(c.lenencBytes(), 'handshake response');
    while (attrs.remaining) attributes[attrs.lenencBytes().toString()] = attrs.lenencBytes().toString();
  }
  return { capabilities, maxPacketSize, charset, user, authResponse, database, authPlugin, attributes };
}

export function encodeHandshakeResponse(r: HandshakeResponse): Buffer {
  const w = new PayloadWriter()
    .u32(r.capabilities)
    .u32(r.maxPacketSize)
    .u8(r.charset)
    .zeros(23)
    .cstring(r.user);
  if (r.capabilities & capability.pluginAuthLenencData) w.lenencBytes(r.authResponse);
  else w.u8(r.authResponse.length).bytes(r.authResponse);
  if (r.capabilities & capability.connectWithDb) w.cstring(r.database);
  if (r.capabilities & capability.pluginAuth) w.cstring(r.authPlugin);
  if (r.capabilities & capability.connectAttrs) {
    const attrs = new PayloadWriter();
    for (const [key, value] of Object.entries(r.attributes))
      attrs.lenencBytes(Buffer.from(key)).lenencBytes(Buffer.from(value));
    w.lenencBytes(attrs.build());
  }
  return w.build();
}
