import type { ClientInspector, InspectedMessage, InspectorContext } from '../protocol';
import { ProtocolError } from '../protocol';
import { decodeExecute } from './execute';
import { errPacket, maxPacketPayload } from './packets';

const command = {
  quit: 0x01,
  initDb: 0x02,
  query: 0x03,
  changeUser: 0x11,
  stmtPrepare: 0x16,
  stmtExecute: 0x17,
  stmtSendLongData: 0x18,
  stmtClose: 0x19,
} as const;

/** max_allowed_packet's own ceiling: no server accepts a longer command. */
const maxCommandLength = 1024 * 1024 * 1024;

/**
 * Splits the client's bytes into commands (one command's payload may run over several packets) and reads the
 * statements they carry. A chunk holding whole commands is only sliced; bytes are copied only when a command
 * spans chunks, once it is complete.
 */
export class MysqlInspector implements ClientInspector {
  /** A command begun in earlier chunks, and how many bytes (from its start) are needed before it is worth another look. */
  private partial: Buffer[] = [];
  private partialLength = 0;
  private needed = 0;
  private readonly executes = new Map<number, number[]>();
  /** Statements with a parameter sent in parts before their next execute, which then leaves its value out. */
  private readonly longData = new Set<number>();

  constructor(private readonly ctx: InspectorContext) {}

  push(chunk: Buffer): InspectedMessage[] {
    let buf = chunk;
    if (this.partialLength) {
      this.partial.push(chunk);
      this.partialLength += chunk.length;
      if (this.partialLength < this.needed) return [];
      buf = Buffer.concat(this.partial, this.partialLength);
      this.partial = [];
      this.partialLength = 0;
    }
    const out: InspectedMessage[] = [];
    let offset = 0;
    while (offset < buf.length) {
      const end = this.commandEnd(buf, offset);
      if (end < 0) {
        this.partial = [buf.subarray(offset)];
        this.partialLength = buf.length - offset;
        this.needed = -end;
        break;
      }
      out.push(this.inspect(buf.subarray(offset, end)));
      offset = end;
    }
    return out;
  }

  /** Where the command starting at `start` ends, or minus the bytes it needs from `start` when incomplete. */
  private commandEnd(buf: Buffer, start: number): number {
    let at = start;
    for (let seq = 0; ; seq++) {
      if (buf.length - at < 4) return -(at - start + 4);
      const length = buf[at]! | (buf[at + 1]! << 8) | (buf[at + 2]! << 16);
      if (buf[at + 3] !== (seq & 0xff)) {
        throw new ProtocolError(
          `the client sent a packet out of sequence (id ${buf[at + 3]} where ${seq & 0xff} was due)`,
        );
      }
      if (seq === 0 && length === 0) throw new ProtocolError('the client sent an empty command packet');
      at += 4 + length;
      if (at - start > maxCommandLength)
        throw new ProtocolError('the client sent a command longer than any MySQL server accepts (1 GiB)');
      if (at > buf.length) return -(at - start);
      if (length < maxPacketPayload) return at;
    }
  }

  private inspect(bytes: Buffer): InspectedMessage {
    const payload = bytes.length - 4 < maxPacketPayload ? bytes.subarray(4) : joinPayload(bytes);
    const text = () => payload.toString('utf8', 1);
    switch (payload[0]) {
      case command.quit:
        return { bytes, last: true };
      case command.initDb: {
        const database = text();
        const reason = this.ctx.databaseRefusal(database);
        // 1044 is ER_DBACCESS_DENIED_ERROR, what the server answers a database the user has no grant on.
        if (reason) return { bytes, refused: { reason, reply: errPacket(1, 1044, '42000', reason) } };
        return { bytes, statement: { query: `USE \`${database.replaceAll('`', '``')}\`` } };
      }
      case command.query:
      case command.stmtPrepare:
        return { bytes, statement: { query: text() } };
      case command.stmtExecute:
        return { bytes, statement: decodeExecute(payload, this.executes, this.longData) };
      case command.stmtSendLongData:
        if (payload.length >= 5) this.longData.add(payload.readUInt32LE(1));
        return { bytes };
      case command.stmtClose:
        if (payload.length >= 5) this.executes.delete(payload.readUInt32LE(1));
        return { bytes };
      case command.changeUser: {
        const reason = 'changing the database user inside a connection is not allowed through the gateway';
        return { bytes, refused: { reason, reply: errPacket(1, 1045, '28000', reason) } };
      }
      default:
        return { bytes };
    }
  }
}

/** The payload of a command that runs over several packets, without their headers. */
function joinPayload(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const length = bytes.readUIntLE(at, 3);
    parts.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return Buffer.concat(parts);
}
