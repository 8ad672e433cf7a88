import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** The assistant's conversations, each its user's own, and their messages in order. */
export function assistMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('assist_conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('assist_conversations_username').on('assist_conversations').columns(['username', 'created_at']).execute();
      await db.schema
        .createTable('assist_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('conversation_id', 'text', (c) => c.notNull().references('assist_conversations.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      // Also what keeps two writers from giving a conversation two messages with one place in its order.
      await db.schema.createIndex('assist_messages_conversation_seq').on('assist_messages').columns(['conversation_id', 'seq']).unique().execute();
    },
  };
}
