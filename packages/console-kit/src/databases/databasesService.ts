import {
  apiPaths,
  compilePath,
  type Database,
  type DatabaseJson,
  type DatabaseStatementsJson,
  type Label,
  type ListQuery,
  listQueryPath,
  makeDatabase,
  queryString,
} from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';

export interface DatabasePage {
  databases: Database[];
  /** Cursor of the next page; empty on the last one. */
  startKey: string;
  totalCount: number;
}

export type FetchDatabases = (query: ListQuery, signal?: AbortSignal) => Promise<DatabasePage>;

/** The protocols a database can be enrolled with (those the gateway's agent speaks). */
export const enrolledProtocols = ['postgres', 'mysql', 'redis'] as const;
export type EnrolledProtocol = (typeof enrolledProtocols)[number];

/** What enrolling a database sends (POST /sites/{clusterId}/databases). */
export interface DatabaseEnrolment {
  name: string;
  protocol: EnrolledProtocol;
  /** Where the agent reaches it: scheme://host:port/database. */
  uri: string;
  labels: Label[];
  description: string;
}

export interface DatabasesService {
  list: FetchDatabases;
  create(clusterId: string, enrolment: DatabaseEnrolment): Promise<Database>;
  /** One page of a database session's statements; `startKey` from the previous page. */
  statements(clusterId: string, sid: string, startKey?: string): Promise<DatabaseStatementsJson>;
}

/** The cluster's databases from the gateway, normalised by shared's makeDatabase. */
export function gatewayDatabases({ api }: Pick<GatewayAccess, 'api'>): DatabasesService {
  return {
    list: async (query, signal) => {
      const json = await api.get<{ items?: DatabaseJson[]; startKey?: string; totalCount?: number }>(
        listQueryPath(apiPaths.databases, query),
        signal,
      );
      return {
        databases: (json.items ?? []).map(makeDatabase),
        startKey: json.startKey ?? '',
        totalCount: json.totalCount ?? 0,
      };
    },
    create: async (clusterId, enrolment) =>
      makeDatabase(await api.post<DatabaseJson>(compilePath(apiPaths.databases, { clusterId }), enrolment)),
    statements: (clusterId, sid, startKey) =>
      api.get<DatabaseStatementsJson>(
        compilePath(apiPaths.databaseStatements, { clusterId, sid }) + queryString({ startKey }),
      ),
  };
}
