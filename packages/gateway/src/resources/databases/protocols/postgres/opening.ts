import type { Duplex } from 'node:stream';
import { ProtocolError, type Opening } from '../protocol';
import { cancelRequestCode, gssEncRequestCode, readCString, sslRequestCode } from './messages';
import { PacketReader } from '../packetReader';

/** PostgreSQL's own cap on a startup packet (MAX_STARTUP_PACKET_LENGTH): anything longer is not a PostgreSQL client. */
const maxStartupLength = 10_000;
const notPostgres = 'this port speaks the PostgreSQL protocol; the client sent something else';

export interface PostgresOpening {
  opening: Opening;
  /**
   * Set when the client asked for a protocol newer than 3.0 or for protocol options (`_pq_.*`): the options the
   * client must be told are not recognised (the gateway and agent speak 3.0 only).
   */
  downgrade?: string[];
}

/**
 * Reads the client's packets up to its StartupMessage. Encryption requests are answered 'N' (the client then
 * goes on in the clear or gives up, as its sslmode says): TLS, where wanted, is the tunnel's job.
 */
export async function readOpening(
  client: Duplex,
  defaults: { user?: string; database?: string },
): Promise<PostgresOpening> {
  const reader = new PacketReader(client);
  try {
    // GSSAPI encryption then TLS, each at most once, is all a client may ask before its startup.
    for (let requests = 0; ; requests++) {
      const head = await reader.take(8);
      if (!head) return { opening: { kind: 'closed', reason: 'the client left before its startup message' } };
      const length = head.readInt32BE(0);
      const code = head.readInt32BE(4);
      if (length < 8 || length > maxStartupLength) throw new ProtocolError(notPostgres);
      if (code === sslRequestCode || code === gssEncRequestCode) {
        if (length !== 8 || requests >= 2) throw new ProtocolError(notPostgres);
        client.write('N');
        continue;
      }
      if (code === cancelRequestCode) {
        return {
          opening: {
            kind: 'closed',
            reason: 'the client sent a cancel request, which the gateway does not forward',
          },
        };
      }
      if (code >>> 16 !== 3) {
        throw new ProtocolError(
          `the client asked for PostgreSQL protocol ${code >>> 16}.${code & 0xffff}; this port speaks 3.0 only`,
        );
      }
      const body = await reader.take(length - 8);
      if (!body) return { opening: { kind: 'closed', reason: 'the client left during its startup message' } };
      return startup(body, code & 0xffff, defaults, reader.release());
    }
  } finally {
    reader.release();
  }
}

function startup(
  body: Buffer,
  minor: number,
  defaults: { user?: string; database?: string },
  rest: Buffer,
): PostgresOpening {
  const parameters: Record<string, string> = {};
  const options: string[] = [];
  let offset = 0;
  while (body[offset] !== 0) {
    const name = readCString(body, offset);
    const value = name && readCString(body, name[1]);
    if (!name || !value) throw new ProtocolError('the client sent a malformed PostgreSQL startup message');
    // Protocol options would change the protocol past what the gateway inspects: they are declined, not passed on.
    if (name[0].startsWith('_pq_.')) options.push(name[0]);
    else parameters[name[0]] = value[0];
    offset = value[1];
  }
  const { user: named, database, ...others } = parameters;
  const user = named || defaults.user;
  if (!user) throw new ProtocolError('the client named no database user in its PostgreSQL startup message');
  const opening: Opening = {
    kind: 'startup',
    user,
    database: database || defaults.database || user,
    upstream: { parameters: others },
    rest,
  };
  return minor > 0 || options.length ? { opening, downgrade: options } : { opening };
}
