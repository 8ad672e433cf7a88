import { sql } from 'kysely';
import type { Store } from '../../platform/storage/store';
import { announcedTable } from '../lists/announcedTable';
import { replaceLabelledRow } from '../lists/labelledRows';
import { nodeTable } from './list';
import type { NodeRow } from './tables';

export interface NodeRecord {
  id: string;
  hostname: string;
  addr: string;
  /** The agent serving the node through its tunnel; null when the gateway dials it over OpenSSH. */
  agentId: string | null;
  labels: Record<string, string>;
  expiresAt: number | null;
}

export type NodeWrite = NodeRecord;

export type NodeSortField = 'hostname' | 'addr';

const searchText = (n: Pick<NodeRecord, 'hostname' | 'addr' | 'labels'>): string =>
  [n.hostname, n.addr, ...Object.entries(n.labels).map(([k, v]) => `${k}=${v}`)].join(' ').toLowerCase();

const toRecord = (row: Pick<NodeRow, 'id' | 'hostname' | 'addr' | 'agent_id' | 'labels' | 'expires_at'>): NodeRecord => ({
  id: row.id,
  hostname: row.hostname,
  addr: row.addr,
  agentId: row.agent_id,
  labels: JSON.parse(row.labels) as Record<string, string>,
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
});

const columns = ['id', 'hostname', 'addr', 'agent_id', 'labels', 'expires_at'] as const;

/** The node registry: agent nodes (refreshed by heartbeats) and OpenSSH nodes (registered by an admin). */
export function nodeRepo(store: Store) {
  const db = (tx: Store = store) => tx.db;

  const live = (now: number) => sql<boolean>`(nodes.expires_at is null or nodes.expires_at > ${now})`;
  // idServedBy(agentId, hostname), touchServedBy, and the list's page, count and labelsOf.
  const announced = announcedTable<'nodes', (typeof columns)[number], NodeRecord, NodeSortField>({ db, table: 'nodes', nameColumn: 'hostname', columns, toRecord, live });

  return {
    ...announced,

    /** Inserts or replaces a node and its label rows, in one transaction. */
    async upsert(node: NodeWrite, now: number): Promise<void> {
      await store.transaction(async (tx) => {
        const values = {
          hostname: node.hostname,
          addr: node.addr,
          agent_id: node.agentId,
          labels: JSON.stringify(node.labels),
          search_text: searchText(node),
          expires_at: node.expiresAt,
          updated_at: now,
        };
        await replaceLabelledRow(tx, nodeTable, node.id, values, node.labels, now);
      });
    },

    /** Many nodes at once (benchmarks and tests build large fleets with it). */
    async insertMany(nodes: NodeWrite[], now: number): Promise<void> {
      await store.transaction(async (tx) => {
        const q = db(tx);
        for (let i = 0; i < nodes.length; i += 500) {
          const batch = nodes.slice(i, i + 500);
          await q
            .insertInto('nodes')
            .values(batch.map((n) => ({ id: n.id, hostname: n.hostname, addr: n.addr, agent_id: n.agentId, labels: JSON.stringify(n.labels), search_text: searchText(n), expires_at: n.expiresAt, created_at: now, updated_at: now })))
            .execute();
          const labels = batch.flatMap((n) => Object.entries(n.labels).map(([name, value]) => ({ node_id: n.id, name, value })));
          for (let j = 0; j < labels.length; j += 300) await q.insertInto('node_labels').values(labels.slice(j, j + 300)).execute();
        }
      });
    },

    async get(id: string): Promise<NodeRecord | undefined> {
      const row = await db().selectFrom('nodes').select(columns).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async remove(id: string): Promise<boolean> {
      const result = await db().deleteFrom('nodes').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type NodeRepo = ReturnType<typeof nodeRepo>;
