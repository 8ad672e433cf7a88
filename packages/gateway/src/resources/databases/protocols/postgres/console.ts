import pg from 'pg';
import type { OpenConsole } from '../protocol';
import { SocketLike } from './socketLike';

/** Every value as PostgreSQL prints it (dates, json, numerics untouched), instead of pg's JavaScript values. */
const asText = { getTypeParser: () => (value: string) => value };

/**
 * The browser console's PostgreSQL client: pg's Client over `stream`. The gateway's side of the stream answers
 * the startup with AuthenticationOk, so no password is asked; TLS is never tried, whatever PGSSLMODE says.
 */
export const openPostgresConsole: OpenConsole = async (stream, { user, database }) => {
  const socket = new SocketLike(stream);
  const client = new pg.Client({ user, database, ssl: false, stream: () => socket, types: asText });
  // pg reports an idle connection's failure as an 'error' event, which unheard would end the process.
  client.on('error', () => undefined);
  // The command tag as the server sent it ('CREATE TABLE', 'INSERT 0 3'): pg's result keeps only its first word.
  let tag = '';
  client.connection.on('commandComplete', (m: { text: string }) => (tag = m.text));
  try {
    await client.connect();
  } catch (err) {
    socket.destroy();
    throw err;
  }
  return {
    async query(text) {
      tag = '';
      const results = (await client.query({ text, rowMode: 'array' })) as
        pg.QueryArrayResult | pg.QueryArrayResult[];
      // Several statements in one text give one result each, of which the console shows the last, as psql does.
      const result = Array.isArray(results) ? results[results.length - 1]! : results;
      return {
        columns: result.fields.map((f) => f.name),
        rows: result.rows,
        command: tag,
        rowCount: result.rowCount ?? 0,
      };
    },
    close: () => client.end(),
  };
};
