import { isUtf8 } from 'node:buffer';
import type { ConsoleClient, OpenConsole, QueryResult } from '../protocol';
import { showArgument, splitArgs } from './args';
import { encodeCommand, ReplyReader, type Reply } from './resp';

interface Pending {
  command: string;
  resolve(result: QueryResult): void;
  reject(err: Error): void;
}

/**
 * The query console's Redis client. The gateway's side has already logged in as the user and database, so the
 * console sends nothing of its own: each line is split as redis-cli splits it and sent as one command, and each
 * reply answers the oldest command waiting.
 */
export const openRedisConsole: OpenConsole = async (stream) => {
  const reader = new ReplyReader();
  const pending: Pending[] = [];
  /** Why the connection can serve no more commands. */
  let ended: Error | undefined;

  const end = (err: Error) => {
    ended ??= err;
    for (const p of pending.splice(0)) p.reject(ended);
  };
  stream.on('data', (chunk: Buffer) => {
    let replies: Reply[];
    try {
      replies = reader.push(chunk);
    } catch (err) {
      stream.destroy();
      return end(err as Error);
    }
    for (const reply of replies) {
      const p = pending.shift();
      // An error nobody asked for is the gateway refusing the connection (a failed login) just before it closes.
      if (!p) {
        if (reply.type === 'error') end(new Error(reply.text));
        continue;
      }
      if (reply.type === 'error') p.reject(new Error(reply.text));
      else p.resolve(toResult(p.command, reply));
    }
  });
  stream.on('error', (err) => end(err));
  stream.on('close', () => end(new Error('the connection to Redis closed')));

  const client: ConsoleClient = {
    query(text) {
      if (ended) return Promise.reject(ended);
      const args = splitArgs(Buffer.from(text));
      if (!args) return Promise.reject(new Error('Invalid argument(s): unbalanced quotes'));
      if (args.length === 0) return Promise.reject(new Error('Empty command'));
      return new Promise((resolve, reject) => {
        pending.push({ command: args[0]!.toString('utf8').toUpperCase(), resolve, reject });
        stream.write(encodeCommand(args));
      });
    },
    async close() {
      end(new Error('the console closed'));
      if (stream.destroyed) return;
      await new Promise<void>((resolve) => stream.end(resolve));
      stream.destroy();
    },
  };
  return client;
};

function toResult(command: string, reply: Reply): QueryResult {
  let rows: Array<Array<string | null>>;
  let columns = ['result'];
  if (reply.type === 'array') rows = reply.items.map((item) => [text(item)]);
  else if (reply.type === 'map') {
    columns = ['key', 'value'];
    rows = reply.entries.map(([key, value]) => [text(key), text(value)]);
  } else rows = [[text(reply)]];
  return { columns, rows, command, rowCount: rows.length };
}

/** A reply as one cell: nested collections as JSON of their items' text. */
function text(reply: Reply): string | null {
  const value = shown(reply);
  return value === null || typeof value === 'string' ? value : JSON.stringify(value);
}

type Shown = string | null | Shown[] | { [key: string]: Shown };

function shown(reply: Reply): Shown {
  switch (reply.type) {
    case 'simple':
    case 'integer':
    case 'error':
      return reply.text;
    case 'bulk':
      // Binary values show as redis-cli shows them, escaped; text shows as itself.
      return isUtf8(reply.value) ? reply.value.toString('utf8') : showArgument(reply.value);
    case 'null':
      return null;
    case 'array':
      return reply.items.map(shown);
    case 'map':
      return Object.fromEntries(reply.entries.map(([k, v]) => [String(shown(k)), shown(v)]));
  }
}
