import { createConnection, type FieldPacket, type ResultSetHeader } from 'mysql2/promise';
import type { ConsoleClient, OpenConsole, QueryResult } from '../protocol';

/**
 * The query console's MySQL client: mysql2 over the given stream, logging in to the gateway's side as any client
 * does. Every value is read as the text the server sent (dates, decimals and big integers included), NULL as null.
 */
export const openMysqlConsole: OpenConsole = async (stream, { user, database }) => {
  const connection = await createConnection({
    stream,
    user,
    database,
    rowsAsArray: true,
    typeCast: (field) => field.string(),
  });
  // A connection that breaks between queries would otherwise raise an unhandled 'error'; the next query reports it.
  connection.on('error', () => undefined);
  const client: ConsoleClient = {
    async query(text) {
      const [result, fields] = await connection.query(text);
      return toResult(result, fields);
    },
    async close() {
      await connection.end().catch(() => connection.destroy());
    },
  };
  return client;
};

function toResult(result: unknown, fields: FieldPacket[] | undefined): QueryResult {
  if (Array.isArray(result) && fields) {
    const rows = result as Array<Array<string | null>>;
    return { columns: fields.map((f) => f.name), rows, command: 'SELECT', rowCount: rows.length };
  }
  const header = result as ResultSetHeader;
  return { columns: [], rows: [], command: 'OK', rowCount: header.affectedRows };
}
