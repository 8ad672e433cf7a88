import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Several gateways on one database: who is running, and which of them holds each agent's tunnel and live session. */
export function gatewayPeersMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('gateway_peers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('addr', 'text', (c) => c.notNull())
        .addColumn('started_at', bigint, (c) => c.notNull())
        .addColumn('seen_at', bigint, (c) => c.notNull())
        .execute();
      // No foreign key to gateway_peers: a gateway that vanished is pruned, and its agents' rows are taken over
      // by whichever gateway each agent reconnects to.
      await db.schema
        .createTable('agent_presence')
        .addColumn('agent_id', 'text', (c) => c.primaryKey())
        .addColumn('gateway_id', 'text', (c) => c.notNull())
        .addColumn('since', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('live_sessions')
        .addColumn('sid', 'text', (c) => c.primaryKey())
        .addColumn('gateway_id', 'text', (c) => c.notNull())
        .addColumn('session', 'text', (c) => c.notNull())
        .addColumn('owner_roles', 'text')
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
    },
  };
}
