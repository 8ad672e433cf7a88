import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Engine } from './engine';
import { migrate } from './migrations';
import { createStore, type Store } from './store';
import type { Tables } from './tables';

// PostgreSQL returns 64-bit integers as strings; every one we store (milliseconds, ids, counts) fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface StorageOptions {
  dataDir: string;
  /** A postgres:// URL; SQLite in dataDir when absent. */
  db?: string | undefined;
  /** Told about errors on idle PostgreSQL connections, which are otherwise dropped quietly. */
  onIdleError?: (err: Error) => void;
}

export function engineOf(options: StorageOptions): Engine {
  return options.db ? 'postgres' : 'sqlite';
}

function connect(options: StorageOptions): Kysely<Tables> {
  if (options.db) {
    const pool = new pg.Pool({ connectionString: options.db, max: 10 });
    // An idle connection the server drops (a restart, a failover) must not crash the gateway: the pool
    // discards it and the next query opens a new one.
    pool.on('error', (err) => options.onIdleError?.(err));
    return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new Database(path.join(options.dataDir, 'portcullis.db'));
  // WAL lets readers proceed while a write commits; NORMAL sync is durable across application crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Opens the configured engine and brings its schema up to date. */
export async function openStorage(options: StorageOptions): Promise<Store> {
  const engine = engineOf(options);
  const db = connect(options);
  try {
    await migrate(db as Kysely<unknown>, engine);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return createStore(db, engine);
}
