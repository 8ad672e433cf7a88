import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import {
  cstrings,
  int32,
  message,
  noticeFields,
  readCString,
  startupMessage,
} from '../../resources/databases/protocols/postgres/messages';
import { LoginError, type Login, type LoginRequest } from './login';
import { ScramClient } from './scram';

/**
 * Logs in to PostgreSQL as the request says: a 3.0 StartupMessage with the client's own parameters, then whatever
 * password exchange the server asks for (cleartext, MD5, SCRAM-SHA-256), then on to ReadyForQuery, so that a
 * server refusing after authentication (no such database, too many connections) refuses as a LoginError too.
 * Resolves with every byte read past AuthenticationOk, the socket paused with no listener of ours left on it.
 */
export const postgresLogin: Login = async (socket, request) => {
  const reader = new BackendReader(socket);
  try {
    socket.write(
      startupMessage({
        ...clientParameters(request.upstream),
        user: request.user,
        database: request.database,
      }),
    );
    await authenticate(socket, reader, request);
    const afterAuthentication = reader.offset;
    for (let m = await reader.next(); m.type !== 'Z'; m = await reader.next()) {
      if (m.type === 'E') throw serverError(m.body);
    }
    return reader.since(afterAuthentication);
  } finally {
    reader.stop();
  }
};

async function authenticate(socket: Socket, reader: BackendReader, request: LoginRequest): Promise<void> {
  const password = () => {
    if (request.password === undefined)
      throw new LoginError(
        `the database asked for a password the agent does not hold for user ${request.user}`,
      );
    return request.password;
  };
  let scram: ScramClient | undefined;
  let serverVerified = false;
  for (;;) {
    const { type, body } = await reader.next();
    if (type === 'E') throw serverError(body);
    // Notices may come at any time; NegotiateProtocolVersion only lists options, and none are sent.
    if (type === 'N' || type === 'v') continue;
    if (type !== 'R') throw new LoginError(`the database sent an unexpected '${type}' message during login`);
    const code = body.readInt32BE(0);
    switch (code) {
      case 0 /* AuthenticationOk */:
        // A server that skipped proving itself in a SCRAM exchange it started may be an impostor.
        if (scram && !serverVerified)
          throw new LoginError('the database ended its SCRAM exchange without proving itself');
        return;
      case 3 /* AuthenticationCleartextPassword */:
        socket.write(message('p', cstrings(password())));
        break;
      case 5 /* AuthenticationMD5Password: "md5" + md5(md5(password + user) + salt), in hex */: {
        const inner = md5(Buffer.from(password() + request.user, 'utf8'));
        socket.write(
          message('p', cstrings(`md5${md5(Buffer.concat([Buffer.from(inner), body.subarray(4, 8)]))}`)),
        );
        break;
      }
      case 10 /* AuthenticationSASL: the mechanisms the server offers */: {
        if (!saslMechanisms(body).includes('SCRAM-SHA-256')) {
          throw new LoginError(
            'the database offers no SASL mechanism the agent supports (SCRAM-SHA-256 without channel binding)',
          );
        }
        scram = new ScramClient(password(), request.user);
        const first = Buffer.from(scram.first, 'utf8');
        socket.write(message('p', Buffer.concat([cstrings('SCRAM-SHA-256'), int32(first.length), first])));
        break;
      }
      case 11 /* AuthenticationSASLContinue */:
        if (!scram) throw new LoginError('the database continued a SCRAM exchange it had not started');
        socket.write(
          message('p', Buffer.from(await scram.final(body.toString('utf8', 4)).catch(loginError), 'utf8')),
        );
        break;
      case 12 /* AuthenticationSASLFinal */:
        if (!scram?.verify(body.toString('utf8', 4)))
          throw new LoginError('the database could not prove it knows the password (SCRAM server signature)');
        serverVerified = true;
        break;
      default:
        throw new LoginError(
          `the database asked for an authentication method the agent does not support (code ${code})`,
        );
    }
  }
}

/** The client's startup parameters (application_name, options …) the gateway passed on, as strings only. */
function clientParameters(upstream: Record<string, unknown>): Record<string, string> {
  const given = upstream.parameters;
  if (!given || typeof given !== 'object') return {};
  return Object.fromEntries(
    Object.entries(given).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function saslMechanisms(body: Buffer): string[] {
  const names: string[] = [];
  for (let found = readCString(body, 4); found && found[0]; found = readCString(body, found[1]))
    names.push(found[0]);
  return names;
}

function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

function serverError(body: Buffer): LoginError {
  return new LoginError(noticeFields(body).get('M') ?? 'the database refused the login');
}

function loginError(err: Error): never {
  throw new LoginError(err.message);
}

/** The server's messages during login, read from the socket's 'data' events until stopped. */
class BackendReader {
  private buffered: Buffer = Buffer.alloc(0);
  /** Where the next message starts in `buffered`. */
  offset = 0;
  private ended = false;
  private wake: (() => void) | undefined;
  private readonly onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.wake?.();
  };
  private readonly onEnd = () => {
    this.ended = true;
    this.wake?.();
  };

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onEnd);
  }

  async next(): Promise<{ type: string; body: Buffer }> {
    for (;;) {
      if (this.buffered.length - this.offset >= 5) {
        const length = this.buffered.readInt32BE(this.offset + 1);
        if (length < 4) throw new LoginError('the database sent a malformed message during login');
        const end = this.offset + 1 + length;
        if (end <= this.buffered.length) {
          const type = String.fromCharCode(this.buffered[this.offset]!);
          const body = this.buffered.subarray(this.offset + 5, end);
          this.offset = end;
          return { type, body };
        }
      }
      if (this.ended) throw new LoginError('the database closed the connection during login');
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Every byte read from `offset` on, including any past the last message returned. */
  since(offset: number): Buffer {
    return this.buffered.subarray(offset);
  }

  stop(): void {
    this.socket.pause();
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onEnd);
  }
}
