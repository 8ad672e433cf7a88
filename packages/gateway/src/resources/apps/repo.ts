import { sql } from 'kysely';
import type { Store } from '../../platform/storage/store';
import { announcedTable } from '../lists/announcedTable';
import { replaceLabelledRow } from '../lists/labelledRows';
import { appTable } from './list';
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
  // idServedBy(agentId, name), touchServedBy, and the list's page, count and labelsOf.
  const announced = announcedTable<'apps', (typeof columns)[number], AppRecord, AppSortField>({ db, table: 'apps', nameColumn: 'name', columns, toRecord, live });

  return {
    ...announced,

    /** Inserts or replaces an app and its label rows, in one transaction. */
    async upsert(app: AppRecord, now: number): Promise<void> {
      await store.transaction(async (tx) => {
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
        await replaceLabelledRow(tx, appTable, app.id, values, app.labels, now);
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
  };
}

export type AppRepo = ReturnType<typeof appRepo>;
