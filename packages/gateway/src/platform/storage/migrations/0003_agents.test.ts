import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { createPostgresDatabase, engines } from '../../../../test/harness';
import type { Engine } from '../engine';
import { migrations } from './index';

/** A database of either engine, migrated only as far as `upTo`, as a gateway of that time left it. */
async function databaseAt(engine: Engine, upTo: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portcullis-migration-'));
  const pgdb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const db = new Kysely<unknown>({
    dialect: pgdb ? new PostgresDialect({ pool: new pg.Pool({ connectionString: pgdb.url, max: 2 }) }) : new SqliteDialect({ database: new Database(path.join(dir, 'db.sqlite')) }),
  });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  const to = await migrator.migrateTo(upTo);
  if (to.error) throw to.error;
  return {
    db,
    migrator,
    dispose: async () => {
      await db.destroy();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(engines)('migration 0003 (agents of their own) on %s', (engine) => {
  it('keeps every agent that joined before, under its node’s id, and every OpenSSH node', async () => {
    const { db, migrator, dispose } = await databaseAt(engine, '0002_servers');
    try {
      const node = { addr: '10.0.0.1:22', labels: '{}', search_text: '', expires_at: 1, created_at: 5, updated_at: 5 };
      await sql`insert into nodes (id, hostname, addr, tunnel, labels, search_text, secret_hash, expires_at, created_at, updated_at)
        values ('agent-node', 'web-1', ${node.addr}, 1, ${node.labels}, ${node.search_text}, 'hash-of-secret', ${node.expires_at}, ${node.created_at}, ${node.updated_at}),
               ('ssh-node', 'db-1', ${node.addr}, 0, ${node.labels}, ${node.search_text}, null, null, ${node.created_at}, ${node.updated_at})`.execute(db);

      const latest = await migrator.migrateToLatest();
      expect(latest.error).toBeUndefined();
      expect(latest.results?.map((r) => [r.migrationName, r.status])[0]).toEqual(['0003_agents', 'Success']);

      const agents = await sql<{ id: string; secret_hash: string; hostname: string; created_at: number }>`select id, secret_hash, hostname, created_at from agents`.execute(db);
      expect(agents.rows.map((a) => ({ ...a, created_at: Number(a.created_at) }))).toEqual([{ id: 'agent-node', secret_hash: 'hash-of-secret', hostname: 'web-1', created_at: 5 }]);
      const nodes = await sql<{ id: string; agent_id: string | null }>`select id, agent_id from nodes order by id`.execute(db);
      expect(nodes.rows).toEqual([
        { id: 'agent-node', agent_id: 'agent-node' },
        { id: 'ssh-node', agent_id: null },
      ]);
    } finally {
      await dispose();
    }
  });
});
