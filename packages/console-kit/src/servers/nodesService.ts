import {
  apiPaths,
  type ListQuery,
  listQueryPath,
  makeNode,
  type Node,
  type NodeJson,
} from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';

export interface NodePage {
  nodes: Node[];
  /** Cursor of the next page; empty on the last one. */
  startKey: string;
  totalCount: number;
}

export type FetchNodes = (query: ListQuery, signal?: AbortSignal) => Promise<NodePage>;

/** Pages of the cluster's nodes from the gateway (GET /sites/{clusterId}/nodes), normalised by shared's makeNode. */
export function gatewayNodes({ api }: Pick<GatewayAccess, 'api'>): FetchNodes {
  return async (query, signal) => {
    const json = await api.get<{ items?: NodeJson[]; startKey?: string; totalCount?: number }>(
      listQueryPath(apiPaths.nodes, query),
      signal,
    );
    return {
      nodes: (json.items ?? []).map(makeNode),
      startKey: json.startKey ?? '',
      totalCount: json.totalCount ?? 0,
    };
  };
}
