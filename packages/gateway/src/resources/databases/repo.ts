import { sql } from 'kysely';
import type { Store } from '../../platform/storage/store';
import { announcedTable } from '../lists/announcedTable';
import { replaceLabelledRow } from '../lists/labelledRows';
import { databaseTable } from './list';
import type { DatabaseProtocol } from './protocols/protocol';
import type { DatabaseRow } from './tables';

/** A database the gateway serves, as it keeps it. */
export interface DatabaseRecord {
  id: string;
  name: string;
  protocol: DatabaseProtocol;
  /** Where it is hosted, as the console titles it ('self-hosted'). */
  type: string;
  /** scheme://HOST:PORT[/DATABASE] as the agent reaches it, never holding a password. */
  uri: string;
  description: string;
  labels: Record<string, string>;
  /** The agent that announced it; null for one enrolled from the console. */
  agentId: string | null;
  /** null for an enrolled database, which stays until deleted. */
  expiresAt: number | null;
}

export type DatabaseSortField = 'name' | 'protocol' | 'type';

const searchText = (d: Pick<DatabaseRecord, 'name' | 'protocol' | 'type' | 'uri' | 'description' | 'labels'>): string =>
  [d.name, d.protocol, d.type, d.uri, d.description, ...Object.entries(d.labels).map(([k, v]) => `${k}=${v}`)].join(' ').toLowerCase();

const columns = ['id', 'name', 'protocol', 'type', 'uri', 'description', 'agent_id', 'labels', 'expires_at'] as const;

const toRecord = (row: Pick<DatabaseRow, (typeof columns)[number]>): DatabaseRecord => ({
  id: row.id,
  name: row.name,
  protocol: row.protocol as DatabaseProtocol,
  type: row.type,
  uri: row.uri,
  description: row.description,
  labels: JSON.parse(row.labels) as Record<string, string>,
  agentId: row.agent_id,
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
});

/** The databases agents announce and those enrolled from the console. */
export function databaseRepo(store: Store) {
  const db = (tx: Store = store) => tx.db;
  const live = (now: number) => sql<boolean>`(databases.expires_at is null or databases.expires_at > ${now})`;
  const announced = announcedTable<'databases', (typeof columns)[number], DatabaseRecord, DatabaseSortField>({ db, table: 'databases', nameColumn: 'name', columns, toRecord, live });

  return {
    ...announced,

    /** Inserts or replaces a database and its label rows, in the transaction given (or one of its own). */
    async upsert(d: DatabaseRecord, now: number, tx?: Store): Promise<void> {
      const write = async (t: Store) => {
        const values = {
          name: d.name,
          protocol: d.protocol,
          type: d.type,
          uri: d.uri,
          description: d.description,
          agent_id: d.agentId,
          labels: JSON.stringify(d.labels),
          search_text: searchText(d),
          expires_at: d.expiresAt,
          updated_at: now,
        };
        await replaceLabelledRow(t, databaseTable, d.id, values, d.labels, now);
      };
      if (tx) await write(tx);
      else await store.transaction(write);
    },

    /** The enrolled database (not an agent's) named `name`: POST and PUT work on these only. */
    async enrolled(name: string, tx?: Store): Promise<DatabaseRecord | undefined> {
      const row = await db(tx).selectFrom('databases').select(columns).where('name', '=', name).where('agent_id', 'is', null).executeTakeFirst();
      return row && toRecord(row);
    },

    async get(id: string, now: number): Promise<DatabaseRecord | undefined> {
      const row = await db().selectFrom('databases').select(columns).where('id', '=', id).where(live(now)).executeTakeFirst();
      return row && toRecord(row);
    },
  };
}

export type DatabaseRepo = ReturnType<typeof databaseRepo>;
