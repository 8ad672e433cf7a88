import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Locks (what they target, why, until when), access requests with their reviews, and which approved requests a
 * web session has assumed (their roles are added to the session's own while the requests last).
 */
export function locksAndRequestsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('locks')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('targets', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('access_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('resource_ids', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('suggested_reviewers', 'text', (c) => c.notNull())
        .addColumn('approvals_needed', 'integer', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('access_requests_username').on('access_requests').columns(['username', 'created_at']).execute();
      await db.schema
        .createTable('access_request_reviews')
        .addColumn('request_id', 'text', (c) => c.notNull().references('access_requests.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('access_request_reviews_pk', ['request_id', 'author'])
        .execute();
      await db.schema.alterTable('web_sessions').addColumn('access_request_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    },
  };
}
