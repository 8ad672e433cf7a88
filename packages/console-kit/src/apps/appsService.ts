import { type App, type AppJson, apiPaths, type ListQuery, listQueryPath, makeApp } from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';

export interface AppPage {
  apps: App[];
  /** Cursor of the next page; empty on the last one. */
  startKey: string;
  totalCount: number;
}

export type FetchApps = (query: ListQuery, signal?: AbortSignal) => Promise<AppPage>;

/** Pages of the cluster's applications from the gateway (GET /sites/{clusterId}/apps), normalised by shared's makeApp. */
export function gatewayApps({ api }: Pick<GatewayAccess, 'api'>): FetchApps {
  return async (query, signal) => {
    const json = await api.get<{ items?: AppJson[]; startKey?: string; totalCount?: number }>(
      listQueryPath(apiPaths.apps, query),
      signal,
    );
    return {
      apps: (json.items ?? []).map(makeApp),
      startKey: json.startKey ?? '',
      totalCount: json.totalCount ?? 0,
    };
  };
}
