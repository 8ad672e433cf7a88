import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../engine';

/**
 * Agents get an identity of their own, apart from the nodes they serve, so one agent can serve several
 * resources of several kinds. Every agent that joined before is kept: its node's id becomes its agent id (the
 * identity file it holds names that id), and the node records which agent serves it.
 */
export function agentsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('agents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('hostname', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.alterTable('nodes').addColumn('agent_id', 'text').execute();
      await sql`insert into agents (id, secret_hash, hostname, created_at) select id, secret_hash, hostname, created_at from nodes where secret_hash is not null`.execute(db);
      await sql`update nodes set agent_id = id where secret_hash is not null`.execute(db);
      await db.schema.createIndex('nodes_agent_id').on('nodes').column('agent_id').execute();
      await db.schema.alterTable('nodes').dropColumn('secret_hash').execute();
      await db.schema.alterTable('nodes').dropColumn('tunnel').execute();
    },
  };
}
