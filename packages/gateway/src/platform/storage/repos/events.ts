import type { RawEvent } from '@portcullis/shared';
import type { Kysely } from 'kysely';
import type { Tables } from '../tables';

/** A stored audit event: the flat JSON object of the wire, keyed by (time, id) for keyset paging. */
export interface StoredEvent {
  id: number;
  time: number;
  data: RawEvent;
}

export interface EventKey {
  time: number;
  id: number;
}

export interface EventQuery {
  from: number;
  to: number;
  limit: number;
  order: 'asc' | 'desc';
  /** Resume strictly after this key, in the query's order. */
  after?: EventKey | undefined;
  /** Only these event types (the `event` field), when given. */
  types?: string[] | undefined;
}

export interface NewEvent {
  time: number;
  type: string;
  code: string;
  username: string;
  data: RawEvent;
}

/** The column values of a new event's row; `sid` is lifted out of the event so a session's events are found by index. */
const rowOf = (e: NewEvent) => ({ time: e.time, type: e.type, code: e.code, username: e.username, sid: typeof e.data.sid === 'string' ? e.data.sid : null, data: JSON.stringify(e.data) });

export function eventRepo(db: Kysely<Tables>) {
  return {
    async insert(e: NewEvent): Promise<number> {
      const row = await db
        .insertInto('events')
        .values(rowOf(e))
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** Inserts many at once: a database session's statements, and the large logs of tests and benchmarks. */
    async insertMany(events: NewEvent[]): Promise<void> {
      if (events.length === 0) return;
      await db
        .insertInto('events')
        .values(events.map(rowOf))
        .execute();
    },
    /** One session's events of these types, oldest first, `limit` at a time after the key given. */
    async ofSession(sid: string, types: string[], limit: number, after?: EventKey): Promise<{ events: StoredEvent[]; next?: EventKey }> {
      let query = db.selectFrom('events').select(['id', 'time', 'data']).where('sid', '=', sid).where('type', 'in', types);
      if (after) query = query.where((eb) => eb.or([eb('time', '>', after.time), eb.and([eb('time', '=', after.time), eb('id', '>', after.id)])]));
      const rows = await query.orderBy('time', 'asc').orderBy('id', 'asc').limit(limit + 1).execute();
      const page = rows.slice(0, limit).map((r) => ({ id: Number(r.id), time: Number(r.time), data: JSON.parse(r.data) as RawEvent }));
      const last = page[page.length - 1];
      return rows.length > limit && last ? { events: page, next: { time: last.time, id: last.id } } : { events: page };
    },
    /** One page in (time, id) order; asks for one more row than the limit to know whether a next page exists. */
    async search(q: EventQuery): Promise<{ events: StoredEvent[]; next?: EventKey }> {
      const cmp = q.order === 'asc' ? '>' : '<';
      const after = q.after;
      // One lower and one upper bound on time, folding in the cursor: given two bounds on the same side,
      // SQLite may seek by the looser one and filter half the table.
      const from = after && q.order === 'asc' ? Math.max(q.from, after.time) : q.from;
      const to = after && q.order === 'desc' ? Math.min(q.to, after.time) : q.to;
      let query = db.selectFrom('events').select(['id', 'time', 'data']).where('time', '>=', from).where('time', '<=', to);
      if (q.types && q.types.length > 0) query = query.where('type', 'in', q.types);
      if (after) query = query.where((eb) => eb.or([eb('time', cmp, after.time), eb('id', cmp, after.id)]));
      const rows = await query.orderBy('time', q.order).orderBy('id', q.order).limit(q.limit + 1).execute();
      const page = rows.slice(0, q.limit).map((r) => ({ id: Number(r.id), time: Number(r.time), data: JSON.parse(r.data) as RawEvent }));
      const last = page[page.length - 1];
      return rows.length > q.limit && last ? { events: page, next: { time: last.time, id: last.id } } : { events: page };
    },
  };
}
