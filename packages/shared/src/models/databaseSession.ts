import { z } from 'zod';

/**
 * The browser's query console on a database: one JSON text frame per message, discriminated by `type`. The
 * console sends a statement; the gateway runs it through the same path as any database client (checked and
 * audited) and answers with the rows or the database's error, naming the statement by the id it was sent with.
 */

/** Browser → gateway: run one statement. */
export const databaseQueryMessage = z.object({ type: z.literal('query'), id: z.number().int().nonnegative(), query: z.string().min(1).max(1_000_000) });
export type DatabaseQueryMessage = z.infer<typeof databaseQueryMessage>;

/** Gateway → browser, once the database accepted the connection: whom the console is connected as. */
export const databaseReadyMessage = z.object({
  type: z.literal('ready'),
  sid: z.string(),
  protocol: z.string(),
  dbUser: z.string(),
  dbName: z.string(),
});

/** Gateway → browser: the rows of statement `id`, every value as text (null for NULL), and the server's summary. */
export const databaseResultMessage = z.object({
  type: z.literal('result'),
  id: z.number().int(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string().nullable())),
  /** e.g. 'SELECT 1', 'INSERT 0 3', 'OK'. */
  command: z.string(),
  rowCount: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
  /** Set when the gateway sent only the first rows of a larger result. */
  truncated: z.boolean().optional(),
});

/**
 * Gateway → browser: statement `id` failed with the database's message, or (without an id) the connection
 * was refused or ended; the socket closes after an error without an id.
 */
export const databaseErrorMessage = z.object({ type: z.literal('error'), id: z.number().int().optional(), message: z.string() });

export const databaseConsoleMessage = z.discriminatedUnion('type', [databaseReadyMessage, databaseResultMessage, databaseErrorMessage]);
export type DatabaseConsoleMessage = z.infer<typeof databaseConsoleMessage>;

/** Rows past this many are not sent to the console (the result says it was truncated). */
export const DATABASE_CONSOLE_MAX_ROWS = 1000;

/** One statement of a database session, as its playback lists it. */
export interface DatabaseStatementJson {
  /** ISO time the statement was sent. */
  time: string;
  /** Milliseconds since the session started. */
  offset_ms: number;
  query: string;
  parameters?: string[];
  /** Set when the gateway refused the statement (it never reached the database), with why. */
  refused?: string;
}

/** GET databaseStatements: the session and one page of its statements (startKey empty on the last page). */
export interface DatabaseStatementsJson {
  session: {
    sid: string;
    user: string;
    db_service: string;
    db_protocol: string;
    db_user: string;
    db_name: string;
    session_start: string;
    /** Absent while the session is still open. */
    session_stop?: string;
  };
  statements: DatabaseStatementJson[];
  startKey: string;
}
