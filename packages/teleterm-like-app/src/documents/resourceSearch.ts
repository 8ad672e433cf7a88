import type { App, Database, Kube, Node } from '@portcullis/shared';
import type { ProfileServices } from '../daemon/profileGateway';

/** One match of a search across a cluster's resources. */
export type ResourceMatch =
  | { kind: 'Server'; name: string; detail: string; node: Node }
  | { kind: 'Database'; name: string; detail: string; database: Database }
  | { kind: 'Application'; name: string; detail: string; app: App }
  | { kind: 'Kubernetes'; name: string; detail: string; kube: Kube };

/** Matches per kind: the command bar's search shows the first few of each, the lists below have the rest. */
export const matchesPerKind = 10;

/** Searches the cluster's servers, databases, applications and Kubernetes clusters at once, as the gateway searches. */
export async function searchResources(
  services: ProfileServices,
  clusterId: string,
  search: string,
  signal?: AbortSignal,
): Promise<ResourceMatch[]> {
  const query = { clusterId, search, limit: matchesPerKind };
  const [nodes, databases, apps, kubes] = await Promise.all([
    services.nodes(query, signal),
    services.databases.list(query, signal),
    services.apps(query, signal),
    services.kubes(query, signal),
  ]);
  return [
    ...nodes.nodes.map((node): ResourceMatch => ({
      kind: 'Server',
      name: node.hostname,
      detail: node.addr,
      node,
    })),
    ...databases.databases.map((database): ResourceMatch => ({
      kind: 'Database',
      name: database.name,
      detail: database.type,
      database,
    })),
    ...apps.apps.map((app): ResourceMatch => ({
      kind: 'Application',
      name: app.name,
      detail: app.addrWithProtocol,
      app,
    })),
    ...kubes.kubes.map((kube): ResourceMatch => ({
      kind: 'Kubernetes',
      name: kube.name,
      detail: kube.users.join(', '),
      kube,
    })),
  ];
}
