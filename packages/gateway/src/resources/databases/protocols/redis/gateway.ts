import {
  ProtocolError,
  type ClientInspector,
  type GatewayProtocol,
  type InspectedMessage,
  type InspectorContext,
} from '../protocol';
import { showArgument } from './args';
import { CommandReader, type ClientCommand } from './commands';
import { ReplyEnds } from './replyEnds';
import { secretPositions } from './secrets';
import { Transaction } from './transaction';

const databaseNumber = /^(0|[1-9]\d{0,9})$/;
const httpMethods = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
  'PRI',
]);
const httpVersion = /^HTTP\/\d/i;

const errorReply = (message: string) => Buffer.from(`-ERR ${message.replace(/[\r\n]+/g, ' ')}\r\n`);

/**
 * Redis as the gateway sees it. Redis has no opening: the client names nobody, so the user and database come
 * from the connect URL, and the agent's AUTH and SELECT put the connection where they say before the client's
 * first command reaches the server.
 */
export const redisProtocol: GatewayProtocol = {
  name: 'redis',

  async open(_client, defaults) {
    const database = defaults.database ?? '0';
    if (!databaseNumber.test(database))
      throw new ProtocolError(`Redis databases are numbered from 0: "${database}" is not one`);
    return {
      kind: 'startup',
      user: defaults.user ?? 'default',
      database,
      upstream: {},
      rest: Buffer.alloc(0),
    };
  },

  accepted() {
    // Redis says nothing on connecting: the client's first command is its first exchange.
  },

  refusal: errorReply,

  inspector(opening, ctx): ClientInspector {
    const reader = new CommandReader();
    const replies = new ReplyEnds();
    const transaction = new Transaction();
    const owed = new WeakMap<InspectedMessage, number | undefined>();
    return {
      push(chunk) {
        const commands = reader.push(chunk);
        const messages: InspectedMessage[] = new Array(commands.length);
        for (let i = 0; i < commands.length; i++) {
          const command = commands[i]!;
          const name = command.args.length ? command.args[0]!.toString('latin1').toUpperCase() : '';
          const message = transaction.see(name, inspect(command, name, opening.user, opening.database, ctx));
          owed.set(message, repliesOwed(name, command.args));
          const instead = message.refused?.instead;
          if (instead) owed.set(instead, 1);
          messages[i] = message;
        }
        return messages;
      },
      replies: { owed: (message) => owed.get(message), ends: (chunk) => replies.ends(chunk) },
    };
  },
};

/** Commands after which the server sends messages no command asked for (or none for those that did). */
const uncountedReplies = new Set([
  'SUBSCRIBE',
  'PSUBSCRIBE',
  'SSUBSCRIBE',
  'UNSUBSCRIBE',
  'PUNSUBSCRIBE',
  'SUNSUBSCRIBE',
  'MONITOR',
]);

/** The replies Redis sends to a command: one, none to an empty one, and undefined where they stop being counted. */
function repliesOwed(name: string, args: Buffer[]): number | undefined {
  if (args.length === 0) return 0;
  if (uncountedReplies.has(name)) return undefined;
  if (name === 'CLIENT' && args[1]?.toString('latin1').toUpperCase() === 'REPLY') return undefined;
  return 1;
}

function inspect(
  { bytes, args }: ClientCommand,
  name: string,
  user: string,
  database: string,
  ctx: InspectorContext,
): InspectedMessage {
  // An empty line or empty array: Redis ignores it and answers nothing.
  if (args.length === 0) return { bytes };
  // A browser tricked into posting to Redis sends HTTP: Redis itself drops connections sending POST or Host:, and a
  // request line (GET / HTTP/1.1) is never a Redis command, whichever method it names.
  if (
    name === 'POST' ||
    name === 'HOST:' ||
    (args.length === 3 && httpMethods.has(name) && httpVersion.test(args[2]!.toString('latin1')))
  ) {
    throw new ProtocolError('an HTTP request sent to Redis');
  }
  const secrets = secretPositions(name, args);
  let query = showArgument(args[0]!);
  for (let i = 1; i < args.length; i++)
    query += ' ' + (secrets.includes(i) ? '(redacted)' : showArgument(args[i]!));
  const message: InspectedMessage = { bytes, statement: { query } };
  const refusal = refusalOf(name, args, user, database, ctx);
  if (refusal) message.refused = { reason: refusal, reply: errorReply(refusal) };
  else if (name === 'QUIT') message.last = true;
  return message;
}

/** Why the command must not reach the server, or undefined. */
function refusalOf(
  name: string,
  args: Buffer[],
  user: string,
  database: string,
  ctx: InspectorContext,
): string | undefined {
  const signedIn = `the gateway has signed you in as ${user}`;
  const text = (i: number) => args[i]?.toString('utf8');
  const databaseRefusal = (db: string | undefined) =>
    db === undefined || db === database ? undefined : ctx.databaseRefusal(db);
  switch (name) {
    case 'AUTH':
      return `${signedIn}; AUTH is not passed on`;
    case 'HELLO':
      for (let i = 2; i < args.length; i += text(i)?.toUpperCase() === 'SETNAME' ? 2 : 1) {
        if (text(i)?.toUpperCase() === 'AUTH')
          return `${signedIn}; HELLO with AUTH is not passed on (send HELLO without AUTH)`;
      }
      return undefined;
    // RESET would sign the connection out of its user and back to the default one, and select database 0.
    case 'RESET':
      return `${signedIn}; RESET would sign you out and is not passed on`;
    case 'SELECT':
      return databaseRefusal(text(1));
    // Commands that reach into another database than the selected one.
    case 'SWAPDB':
      return databaseRefusal(text(1)) ?? databaseRefusal(text(2));
    case 'MOVE':
      return databaseRefusal(text(2));
    case 'COPY':
      for (let i = 3; i < args.length; i++)
        if (text(i)?.toUpperCase() === 'DB') return databaseRefusal(text(i + 1));
      return undefined;
    default:
      return undefined;
  }
}
