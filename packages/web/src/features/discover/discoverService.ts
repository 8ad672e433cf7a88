import type { DatabaseEnrolment } from '@portcullis/console-kit';
import {
  apiPaths,
  compilePath,
  type ConnectionDiagnostic,
  type ConnectionDiagnosticJson,
  type DatabaseJson,
  DiscoverEventStatus,
  INTERNAL_RESOURCE_ID_LABEL,
  type JoinTokenJson,
  type KubeJson,
  listQueryPath,
  makeConnectionDiagnostic,
  makeDatabase,
  makeJoinToken,
  makeKube,
  makeNode,
  makeUser,
  type NodeJson,
  type User,
  type UserJson,
  type UserTraits,
} from '@portcullis/shared';
import { api } from '../../client';
import { diagnosticKinds, resourceListPaths, type ResourceKind } from './resources';
import type { ArrivedResource, DiscoverProgress } from './steps';

/** A join token for one agent; the gateway adds the internal resource id label the wizard waits for. */
export async function createJoinToken(): Promise<NonNullable<DiscoverProgress['token']>> {
  const token = makeJoinToken(await api.post<JoinTokenJson>(apiPaths.joinToken, { roles: ['Node'] }));
  return { id: token.id, expiry: token.expiry.toISOString(), resourceId: token.internalResourceId };
}

/**
 * Enrols a database carrying the token's resource id, which install-database.sh's service matches on. `type`
 * says where it is hosted: self-hosted unless it is an RDS database picked from AWS.
 */
export const enrolDatabase = (
  clusterId: string,
  resourceId: string,
  enrolment: DatabaseEnrolment & { type?: 'rds' },
) =>
  api.post<DatabaseJson>(compilePath(apiPaths.databases, { clusterId }), {
    ...enrolment,
    labels: [...enrolment.labels, { name: INTERNAL_RESOURCE_ID_LABEL, value: resourceId }],
  });

/** The list predicate that picks the resource enrolled with the token. */
const resourceIdQuery = (resourceId: string) =>
  `labels["${INTERNAL_RESOURCE_ID_LABEL}"] == "${resourceId}"`;

/** An item of any kind's list, as the later steps use it. */
function arrived(kind: ResourceKind, item: unknown): ArrivedResource {
  switch (kind) {
    case 'server': {
      const node = makeNode(item as NodeJson);
      return { name: node.hostname, testName: node.id, granted: { logins: node.sshLogins } };
    }
    case 'database': {
      const db = makeDatabase(item as DatabaseJson);
      return {
        name: db.name,
        testName: db.name,
        granted: { databaseUsers: db.users, databaseNames: db.names },
      };
    }
    case 'kubernetes': {
      const kube = makeKube(item as KubeJson);
      return {
        name: kube.name,
        testName: kube.name,
        granted: { kubeUsers: kube.users, kubeGroups: kube.groups },
      };
    }
    default: {
      const { name } = item as { name: string };
      return { name, testName: name, granted: {} };
    }
  }
}

/** The resource enrolled with the token, once its list has it; undefined while it has not arrived. */
export async function findResource(
  kind: ResourceKind,
  clusterId: string,
  resourceId: string,
  signal?: AbortSignal,
) {
  const page = await api.get<{ items?: unknown[] }>(
    listQueryPath(resourceListPaths[kind], { clusterId, query: resourceIdQuery(resourceId), limit: 1 }),
    signal,
  );
  const item = page.items?.[0];
  return item === undefined ? undefined : arrived(kind, item);
}

/** The signed-in user as the users API answers it; the gateway serves the list, not one user by name. */
export async function readUser(username: string): Promise<User> {
  const user = (await api.get<UserJson[]>(apiPaths.users)).find((u) => u.name === username);
  if (!user) throw new Error(`user ${username} was not found`);
  return makeUser(user);
}

/** Saves the user with these traits changed; the gateway keeps the traits it is not sent. */
export const saveTraits = (user: User, traits: Partial<UserTraits>) =>
  api.put<UserJson>(apiPaths.users, {
    name: user.name,
    roles: user.roles,
    traits: { ...user.traits, ...traits },
  });

/** What a connection test tries as: a login, a database user and name, or a Kubernetes user and groups. */
export interface TestPrincipals {
  login?: string;
  databaseUser?: string;
  databaseName?: string;
  kubeUser?: string;
  kubeGroups?: string[];
}

export async function testConnection(
  kind: ResourceKind,
  clusterId: string,
  resource: ArrivedResource,
  as: TestPrincipals,
): Promise<ConnectionDiagnostic> {
  const body = {
    resource_kind: diagnosticKinds[kind],
    resource_name: resource.testName,
    ...(as.login && { ssh_principal: as.login }),
    ...(as.databaseUser && { database_user: as.databaseUser }),
    ...(as.databaseName && { database_name: as.databaseName }),
    ...(kind === 'kubernetes' && {
      kubernetes_impersonation: {
        ...(as.kubeUser && { kubernetes_user: as.kubeUser }),
        ...(as.kubeGroups?.length && { kubernetes_groups: as.kubeGroups }),
      },
    }),
  };
  return makeConnectionDiagnostic(
    await api.post<ConnectionDiagnosticJson>(
      compilePath(apiPaths.connectionDiagnostics, { clusterId }),
      body,
    ),
  );
}

export type StepStatus = (typeof DiscoverEventStatus)[keyof typeof DiscoverEventStatus];

/** Reports a step's outcome. Telemetry never stands in the user's way, so a failed report is dropped. */
export function capture(event: string, eventData: { id: string; resource?: string; stepStatus: StepStatus }) {
  void api.post(apiPaths.captureUserEvent, { event, eventData }).catch(() => {});
}
