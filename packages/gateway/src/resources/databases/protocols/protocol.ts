import type { Duplex } from 'node:stream';

/**
 * What the gateway knows of a database protocol. The gateway speaks the protocol's server side to the client
 * (psql, mysql, redis-cli, or the browser console's own client) only as far as the client's opening and each
 * message's framing: it reads whom the client asks to be, answers what the opening requires, and sees every
 * statement the client sends afterwards. Logging in to the real database is the agent's part (it holds the
 * credentials); once it has, the gateway relays bytes both ways and audits the statements it sees.
 */
export interface GatewayProtocol {
  name: DatabaseProtocol;
  /**
   * Reads the client's opening, answering what the protocol requires before the client names itself (refusing
   * TLS, MySQL's greeting). `defaults` are the user and database the client named out of band (the connect
   * URL's db_user and db_name), used where the protocol's opening names none (Redis has no opening at all).
   * Rejects with ProtocolError when the client sends something this protocol's opening cannot be.
   */
  open(client: Duplex, defaults: { user?: string; database?: string }): Promise<Opening>;
  /** Tells the client it is signed in, once the agent has logged in upstream. */
  accepted(client: Duplex, opening: Extract<Opening, { kind: 'startup' }>): void;
  /** The protocol's own error message for the client, after which the gateway ends the connection. */
  refusal(message: string, opening?: Extract<Opening, { kind: 'startup' }>): Buffer;
  /** A parser of the client's messages after the opening, one per connection. */
  inspector(opening: Extract<Opening, { kind: 'startup' }>, ctx: InspectorContext): ClientInspector;
}

export type DatabaseProtocol = 'postgres' | 'mysql' | 'redis';

export type Opening =
  | {
      kind: 'startup';
      /** The database user and database name the client asks for (Redis: the user, and its numbered database, '0' by default). */
      user: string;
      database: string;
      /**
       * What the agent needs to log in upstream as this client expects (MySQL's capability flags, PostgreSQL's
       * startup parameters such as application_name). JSON, sent to the agent in the connect request.
       */
      upstream: Record<string, unknown>;
      /** Bytes the client sent past its opening, to be inspected and relayed once the upstream is logged in to. */
      rest: Buffer;
    }
  /** The client left, or asked for something the gateway does not serve (a PostgreSQL cancel request), and was answered. */
  | { kind: 'closed'; reason: string };

/** Something the client sent that its protocol does not allow; `message` says what, for the client and the audit log. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** A statement the client sent, as the audit log keeps it. */
export interface Statement {
  query: string;
  /** Bound parameters, as text (PostgreSQL's extended protocol, MySQL's prepared statements). */
  parameters?: string[];
}

export interface InspectedMessage {
  /** The message's bytes exactly as the client sent them. */
  bytes: Buffer;
  /** Set when the message carries a statement. */
  statement?: Statement;
  /**
   * Set when the message must not reach the database (MySQL's COM_INIT_DB to a database the roles do not allow,
   * COM_CHANGE_USER): the gateway sends `reply` to the client instead and audits the refusal with `reason`.
   * `instead` goes to the server in the message's place, its replies dropped for `reply` (Redis: the EXEC of a
   * transaction in which the gateway refused a command is sent as DISCARD, so the server drops what it queued).
   */
  refused?: { reason: string; reply: Buffer; instead?: InspectedMessage };
  /** The client says goodbye (PostgreSQL Terminate, MySQL COM_QUIT, Redis QUIT). */
  last?: boolean;
}

/**
 * Splits the client's bytes into its protocol's messages. `allowDatabase` is consulted for a message that
 * switches database inside the connection (MySQL's COM_INIT_DB).
 */
export interface ClientInspector {
  /** Feeds bytes; answers the messages they complete, in order. Throws ProtocolError on a malformed message. */
  push(chunk: Buffer): InspectedMessage[];
  /**
   * For a protocol whose clients send several messages before reading the first reply (Redis pipelines): what
   * lets the gateway answer a refused message after the server's replies to the messages before it. Without it
   * (PostgreSQL, MySQL, whose refused messages are ones a client waits on) the gateway answers at once.
   */
  replies?: ReplyTracker;
}

export interface ReplyTracker {
  /**
   * How many replies the server owes for `message`, which the client sent and the gateway passed on; undefined
   * when its replies stop matching messages one to one (Redis SUBSCRIBE, MONITOR, CLIENT REPLY).
   */
  owed(message: InspectedMessage): number | undefined;
  /** Offsets in `chunk`, bytes from the server, just past each reply ending there; undefined once they cannot be told apart. */
  ends(chunk: Buffer): number[] | undefined;
}

export interface InspectorContext {
  /** Why the user may not switch to `database`, or undefined when they may. */
  databaseRefusal(database: string): string | undefined;
}

/** Rows as the browser's query console shows them: every value as text, NULL as null. */
export interface QueryResult {
  columns: string[];
  rows: Array<Array<string | null>>;
  /** The server's summary: 'SELECT 1', 'INSERT 0 3', 'OK'. */
  command: string;
  /** Rows returned or affected. */
  rowCount: number;
}

/**
 * The browser query console's client: a real client library speaking the protocol over `stream`, whose other
 * end is the gateway's own side of the connection, so the console's statements are checked and audited exactly
 * as any client's.
 */
export interface ConsoleClient {
  /** Runs one statement; rejects with the database's own error message. */
  query(text: string): Promise<QueryResult>;
  close(): Promise<void>;
}

export type OpenConsole = (stream: Duplex, who: { user: string; database: string }) => Promise<ConsoleClient>;
