import { sql } from 'kysely';
import type { Store } from '../../platform/storage/store';
import type { DesktopOs } from '../../agent/desktops/target';
import { announcedTable } from '../lists/announcedTable';
import { replaceLabelledRow } from '../lists/labelledRows';
import { desktopTable } from './list';
import type { DesktopRow } from './tables';

/** A desktop an agent serves, as the gateway keeps it. */
export interface DesktopRecord {
  id: string;
  name: string;
  os: DesktopOs;
  /** vnc://HOST:PORT or rdp://[USER@]HOST:PORT as the agent reaches it, never holding a password. */
  uri: string;
  /** HOST:PORT of the URI. */
  addr: string;
  labels: Record<string, string>;
  /** The agent that announced it. */
  agentId: string;
  expiresAt: number;
}

export type DesktopSortField = 'name';

const searchText = (d: Pick<DesktopRecord, 'name' | 'os' | 'addr' | 'labels'>): string =>
  [d.name, d.os, d.addr, ...Object.entries(d.labels).map(([k, v]) => `${k}=${v}`)].join(' ').toLowerCase();

const columns = ['id', 'name', 'os', 'uri', 'addr', 'agent_id', 'labels', 'expires_at'] as const;

const toRecord = (row: Pick<DesktopRow, (typeof columns)[number]>): DesktopRecord => ({
  id: row.id,
  name: row.name,
  os: row.os as DesktopOs,
  uri: row.uri,
  addr: row.addr,
  labels: JSON.parse(row.labels) as Record<string, string>,
  agentId: row.agent_id,
  expiresAt: Number(row.expires_at),
});

/** The desktops agents announce. */
export function desktopRepo(store: Store) {
  const db = () => store.db;
  const live = (now: number) => sql<boolean>`(desktops.expires_at > ${now})`;
  const announced = announcedTable<'desktops', (typeof columns)[number], DesktopRecord, DesktopSortField>({
    db,
    table: 'desktops',
    nameColumn: 'name',
    columns,
    toRecord,
    live,
  });

  return {
    ...announced,

    /** Inserts or replaces a desktop and its label rows. */
    async upsert(d: DesktopRecord, now: number): Promise<void> {
      await store.transaction(async (tx) => {
        const values = {
          name: d.name,
          os: d.os,
          uri: d.uri,
          addr: d.addr,
          agent_id: d.agentId,
          labels: JSON.stringify(d.labels),
          search_text: searchText(d),
          expires_at: d.expiresAt,
          updated_at: now,
        };
        await replaceLabelledRow(tx, desktopTable, d.id, values, d.labels, now);
      });
    },
  };
}

export type DesktopRepo = ReturnType<typeof desktopRepo>;
