import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * The text of terminal recordings, for search across all of them. Matching is a case-insensitive substring, so
 * both engines index trigrams: SQLite an FTS5 table with the trigram tokenizer over the lines (kept in step by
 * triggers), PostgreSQL a pg_trgm GIN index, which ILIKE uses.
 */
export function recordingSearchMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recording_text_sessions')
        .addColumn('sid', 'text', (c) => c.primaryKey())
        .addColumn('started_at', bigint, (c) => c.notNull())
        .addColumn('user', 'text', (c) => c.notNull())
        .addColumn('login', 'text', (c) => c.notNull())
        .addColumn('hostname', 'text', (c) => c.notNull())
        .addColumn('recording_type', 'text', (c) => c.notNull())
        .execute();
      // Hits come newest session first: the order pages are cut in.
      await db.schema.createIndex('recording_text_sessions_started').on('recording_text_sessions').columns(['started_at', 'sid']).execute();
      await db.schema
        .createTable('recording_text_lines')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('sid', 'text', (c) => c.notNull().references('recording_text_sessions.sid').onDelete('cascade'))
        .addColumn('t', bigint, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recording_text_lines_sid_t').on('recording_text_lines').columns(['sid', 't', 'id']).execute();
      if (engine === 'postgres') {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        await sql`CREATE INDEX recording_text_lines_trgm ON recording_text_lines USING gin (text gin_trgm_ops)`.execute(db);
        return;
      }
      await sql`CREATE VIRTUAL TABLE recording_text_fts USING fts5(text, content='recording_text_lines', content_rowid='id', tokenize='trigram')`.execute(db);
      await sql`CREATE TRIGGER recording_text_lines_ai AFTER INSERT ON recording_text_lines BEGIN
        INSERT INTO recording_text_fts(rowid, text) VALUES (new.id, new.text);
      END`.execute(db);
      // An external-content index is not told of deletions by itself; without this, removing a session's
      // lines (its cascade included) would leave the index naming rows that are gone.
      await sql`CREATE TRIGGER recording_text_lines_ad AFTER DELETE ON recording_text_lines BEGIN
        INSERT INTO recording_text_fts(recording_text_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END`.execute(db);
    },
  };
}
