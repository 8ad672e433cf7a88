import {
  apiPaths,
  type Kube,
  type KubeJson,
  type ListQuery,
  listQueryPath,
  makeKube,
} from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';

export interface KubePage {
  kubes: Kube[];
  /** Cursor of the next page; empty on the last one. */
  startKey: string;
  totalCount: number;
}

export type FetchKubes = (query: ListQuery, signal?: AbortSignal) => Promise<KubePage>;

/** Pages of the cluster's Kubernetes clusters from the gateway (GET /sites/{clusterId}/kubernetes), normalised by shared's makeKube. */
export function gatewayKubes({ api }: Pick<GatewayAccess, 'api'>): FetchKubes {
  return async (query, signal) => {
    const json = await api.get<{ items?: KubeJson[]; startKey?: string; totalCount?: number }>(
      listQueryPath(apiPaths.kubernetes, query),
      signal,
    );
    return {
      kubes: (json.items ?? []).map(makeKube),
      startKey: json.startKey ?? '',
      totalCount: json.totalCount ?? 0,
    };
  };
}
