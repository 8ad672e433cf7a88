import {
  apiPaths,
  type Desktop,
  type DesktopJson,
  type ListQuery,
  listQueryPath,
  makeDesktop,
} from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';

export interface DesktopPage {
  desktops: Desktop[];
  /** Cursor of the next page; empty on the last one. */
  startKey: string;
  totalCount: number;
}

export type FetchDesktops = (query: ListQuery, signal?: AbortSignal) => Promise<DesktopPage>;

/** Pages of the cluster's desktops from the gateway (GET /sites/{clusterId}/desktops), normalised by shared's makeDesktop. */
export function gatewayDesktops({ api }: Pick<GatewayAccess, 'api'>): FetchDesktops {
  return async (query, signal) => {
    const json = await api.get<{ items?: DesktopJson[]; startKey?: string; totalCount?: number }>(
      listQueryPath(apiPaths.desktops, query),
      signal,
    );
    return {
      desktops: (json.items ?? []).map(makeDesktop),
      startKey: json.startKey ?? '',
      totalCount: json.totalCount ?? 0,
    };
  };
}
