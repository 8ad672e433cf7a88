import { sql } from 'kysely';
import type { Store } from '../../../platform/storage/store';
import { likeLiteral } from '../../lists/sql';
import type { RecordingTextLineRow, RecordingTextSessionRow } from './tables';

export type NewTextLine = Omit<RecordingTextLineRow, 'id'>;

/** Where a page of hits continues: just after this hit, in the order hits are served. */
export interface SearchKey {
  startedAt: number;
  sid: string;
  t: number;
  id: number;
}

export interface SearchHitRow extends RecordingTextSessionRow {
  id: number;
  t: number;
  kind: RecordingTextLineRow['kind'];
  text: string;
}

/** Rows per insert statement: well inside both engines' limit on bound parameters. */
const rowsPerInsert = 500;

export function recordingTextRepo(store: Store) {
  const { db } = store;
  return {
    /** Sessions before their lines, all in one transaction: a batch is written whole or not at all. */
    async insert(sessions: RecordingTextSessionRow[], lines: NewTextLine[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        for (let i = 0; i < sessions.length; i += rowsPerInsert) {
          await tx.insertInto('recording_text_sessions').values(sessions.slice(i, i + rowsPerInsert)).onConflict((c) => c.column('sid').doNothing()).execute();
        }
        for (let i = 0; i < lines.length; i += rowsPerInsert) {
          await tx.insertInto('recording_text_lines').values(lines.slice(i, i + rowsPerInsert)).execute();
        }
      });
    },

    /** Lines containing `query` (any case): newest session first, then in the order they appeared. */
    search(query: string, limit: number, after?: SearchKey): Promise<SearchHitRow[]> {
      let q = db
        .selectFrom('recording_text_lines as l')
        .innerJoin('recording_text_sessions as s', 's.sid', 'l.sid')
        .select(['l.id', 'l.t', 'l.kind', 'l.text', 's.sid', 's.started_at', 's.user', 's.login', 's.hostname', 's.recording_type'])
        .where(
          store.engine === 'sqlite'
            ? // A quoted FTS5 phrase of trigrams is a substring match; quotes inside are doubled.
              sql<boolean>`l.id in (select rowid from recording_text_fts where recording_text_fts match ${`"${query.replaceAll('"', '""')}"`})`
            : sql<boolean>`l.text ilike ${`%${likeLiteral(query)}%`}`,
        );
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb('s.started_at', '<', after.startedAt),
            eb.and([eb('s.started_at', '=', after.startedAt), eb('s.sid', '<', after.sid)]),
            eb.and([eb('s.started_at', '=', after.startedAt), eb('s.sid', '=', after.sid), eb.or([eb('l.t', '>', after.t), eb.and([eb('l.t', '=', after.t), eb('l.id', '>', after.id)])])]),
          ]),
        );
      }
      return q.orderBy('s.started_at', 'desc').orderBy('s.sid', 'desc').orderBy('l.t', 'asc').orderBy('l.id', 'asc').limit(limit).execute();
    },
  };
}
