import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Recordings' share links, and their reviews with comments pinned to moments in them. */
export function recordingReviewsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recording_shares')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sid', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('from_ms', bigint)
        .addColumn('to_ms', bigint)
        .addColumn('revoked_at', bigint)
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('recording_shares_sid').on('recording_shares').columns(['sid', 'created_at']).execute();
      await db.schema
        .createTable('recording_reviews')
        .addColumn('sid', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reviewer', 'text')
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recording_comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sid', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('t', bigint, (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recording_comments_sid').on('recording_comments').columns(['sid', 't']).execute();
    },
  };
}
