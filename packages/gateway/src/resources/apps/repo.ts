import { sql, type RawBuilder } from 'kysely';
import type { Store } from '../../platform/storage/store';
import type { KeysetQuery } from '../lists/page';
import { fqdnOf } from './address';
import type { AppRow } from './tables';

/** An application an agent serves, as the gateway keeps it. */
export interface AppRecord {
  id: string;
  name: string;
  /** Where the agent reaches it: http://, https:// or tcp://HOST:PORT. Never shown in error pages. */
  uri: string;
  /** HOST[:PORT] it is served under; its host name is the app's fqdn. */
  publicAddr: string;
  description: string;
  labels: Record<string, string>;
  agentId: string;
  expiresAt: number;
}

export type AppSortField = 'name' | 'uri' | 'public_addr';

const searchText = (a: Pick<AppRecord, 'name' | 'uri' | 'publicAddr' | 'description' | 'labels'>): string =>
  [a.name, a.uri, a.publicAddr, a.description, ...Object.entries(a.labels).map(([k, v]) => `${k}=${v}`)].join(' ').toLowerCase();

const columns = ['id', 'name', 'uri', 'public_addr', 'description', 'agent_id', 'labels', 'expires_at'] as const;

const toRecord = (row: Pick<AppRow, (typeof columns)[number]>): AppRecord => ({
  id: row.id,
  name: row.name,
  uri: row.uri,
  publicAddr: row.public_addr,
  description: row.description,
  labels: JSON.parse(row.labels) as Record<string, string>,
  agentId: row.agent_id,
  expiresAt: Number(row.expires_at),
});

/** The apps agents announce, listed while their agents heartbeat. */
export function appRepo(store: Store) {
  const db = (tx: Store = store) => tx.db;
  const live = (now: number) => sql<boolean>`(apps.expires_at > ${now})`;

  return {
    /** Inserts or replaces an app and its label rows, in one transaction. */
    async upsert(app: AppRecord, now: number): Promise<void> {
      await store.transaction(async (tx) => {
        const q = db(tx);
        const values = {
          name: app.name,
          uri: app.uri,
          public_addr: app.publicAddr,
          fqdn: fqdnOf(app.publicAddr),
          description: app.description,
          agent_id: app.agentId,
          labels: JSON.stringify(app.labels),
          search_text: searchText(app),
          expires_at: app.expiresAt,
          updated_at: now,
        };
        await q
          .insertInto('apps')
          .values({ id: app.id, created_at: now, ...values })
          .onConflict((oc) => oc.column('id').doUpdateSet(values))
          .execute();
        await q.deleteFrom('app_labels').where('app_id', '=', app.id).execute();
        const labels = Object.entries(app.labels).map(([name, value]) => ({ app_id: app.id, name, value }));
        if (labels.length) await q.insertInto('app_labels').values(labels).execute();
      });
    },

    /** The app with this id, if it is live. */
    async get(id: string, now: number): Promise<AppRecord | undefined> {
      const row = await db().selectFrom('apps').select(columns).where('id', '=', id).where(live(now)).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * The live app served under a Host header's value: the one whose public address is exactly `host`, else one
     * whose host name is `host`'s (the port left out). Several agents may serve one app; the latest announced wins.
     */
    async byHost(host: string, now: number): Promise<AppRecord | undefined> {
      const lower = host.toLowerCase();
      const fqdn = fqdnOf(lower);
      const rows = await db()
        .selectFrom('apps')
        .select(columns)
        .where(live(now))
        .where((eb) => eb.or([eb('public_addr', '=', lower), eb('fqdn', '=', fqdn)]))
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(20)
        .execute();
      const row = rows.find((r) => r.public_addr === lower) ?? rows[0];
      return row && toRecord(row);
    },

    /** Every live app served under this host name (the launcher's lookup, narrowed by public address when it names one). */
    async byFqdn(fqdn: string, now: number): Promise<AppRecord[]> {
      const rows = await db().selectFrom('apps').select(columns).where(live(now)).where('fqdn', '=', fqdn.toLowerCase()).orderBy('updated_at', 'desc').orderBy('id').limit(100).execute();
      return rows.map(toRecord);
    },

    /** The live apps named `name` (the command line names TCP apps by name). */
    async byName(name: string, now: number): Promise<AppRecord[]> {
      const rows = await db().selectFrom('apps').select(columns).where(live(now)).where('name', '=', name).orderBy('updated_at', 'desc').orderBy('id').limit(100).execute();
      return rows.map(toRecord);
    },

    /** The id of the app an agent serves under this name, so the agent's reconnection finds its app again. */
    async idServedBy(agentId: string, name: string): Promise<string | undefined> {
      const row = await db().selectFrom('apps').select('id').where('agent_id', '=', agentId).where('name', '=', name).executeTakeFirst();
      return row?.id;
    },

    /** Keeps the apps an agent serves listed until `expiresAt` (now, when the agent has gone). */
    async touchServedBy(agentId: string, expiresAt: number, now: number): Promise<void> {
      await db().updateTable('apps').set({ expires_at: expiresAt, updated_at: now }).where('agent_id', '=', agentId).execute();
    },

    /** One page in (sort field, id) order; asks for one row more than the limit to know if a next page exists. */
    async page(q: KeysetQuery<AppSortField>): Promise<{ rows: AppRecord[]; more: boolean }> {
      const { field, dir } = q.sort;
      const cmp = dir === 'asc' ? '>' : '<';
      let query = db().selectFrom('apps').select(columns).where(live(q.now));
      for (const c of q.conditions) query = query.where(c);
      const after = q.after;
      if (after) query = query.where((eb) => eb.or([eb(field, cmp, after.value), eb.and([eb(field, '=', after.value), eb('id', cmp, after.id)])]));
      const rows = await query.orderBy(field, dir).orderBy('id', dir).limit(q.limit + 1).execute();
      return { rows: rows.slice(0, q.limit).map(toRecord), more: rows.length > q.limit };
    },

    async count(now: number, conditions: RawBuilder<boolean>[]): Promise<number> {
      let query = db().selectFrom('apps').select((eb) => eb.fn.countAll<number>().as('n')).where(live(now));
      for (const c of conditions) query = query.where(c);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    async labelsOf(now: number, conditions: RawBuilder<boolean>[]): Promise<{ id: string; labels: Record<string, string> }[]> {
      let query = db().selectFrom('apps').select(['id', 'labels']).where(live(now));
      for (const c of conditions) query = query.where(c);
      return (await query.execute()).map((r) => ({ id: r.id, labels: JSON.parse(r.labels) as Record<string, string> }));
    },
  };
}

export type AppRepo = ReturnType<typeof appRepo>;
