import { sql } from 'kysely';
import type { Store } from '../../platform/storage/store';
import { announcedTable } from '../lists/announcedTable';
import { replaceLabelledRow } from '../lists/labelledRows';
import { kubeClusterTable } from './list';
import type { KubeClusterRow } from './tables';

/** A Kubernetes cluster an agent serves, as the gateway keeps it: the agent holds its kubeconfig. */
export interface KubeClusterRecord {
  id: string;
  name: string;
  labels: Record<string, string>;
  /** The agent that announced it. */
  agentId: string;
  expiresAt: number;
}

export type KubeClusterSortField = 'name';

const searchText = (c: Pick<KubeClusterRecord, 'name' | 'labels'>): string =>
  [c.name, ...Object.entries(c.labels).map(([k, v]) => `${k}=${v}`)].join(' ').toLowerCase();

const columns = ['id', 'name', 'agent_id', 'labels', 'expires_at'] as const;

const toRecord = (row: Pick<KubeClusterRow, (typeof columns)[number]>): KubeClusterRecord => ({
  id: row.id,
  name: row.name,
  labels: JSON.parse(row.labels) as Record<string, string>,
  agentId: row.agent_id,
  expiresAt: Number(row.expires_at),
});

/** The Kubernetes clusters agents announce. */
export function kubeClusterRepo(store: Store) {
  const db = () => store.db;
  const live = (now: number) => sql<boolean>`(kube_clusters.expires_at > ${now})`;
  const announced = announcedTable<'kube_clusters', (typeof columns)[number], KubeClusterRecord, KubeClusterSortField>({
    db,
    table: 'kube_clusters',
    nameColumn: 'name',
    columns,
    toRecord,
    live,
  });

  return {
    ...announced,

    /** Inserts or replaces a cluster and its label rows. */
    async upsert(c: KubeClusterRecord, now: number): Promise<void> {
      await store.transaction(async (tx) => {
        const values = { name: c.name, agent_id: c.agentId, labels: JSON.stringify(c.labels), search_text: searchText(c), expires_at: c.expiresAt, updated_at: now };
        await replaceLabelledRow(tx, kubeClusterTable, c.id, values, c.labels, now);
      });
    },

    /** The live cluster with this id, if any. */
    async get(id: string, now: number): Promise<KubeClusterRecord | undefined> {
      const row = await db().selectFrom('kube_clusters').select(columns).where(live(now)).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
  };
}

export type KubeClusterRepo = ReturnType<typeof kubeClusterRepo>;
