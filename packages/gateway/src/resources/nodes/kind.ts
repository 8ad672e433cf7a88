import type { Identity } from '../../platform/access/identity';
import type { Resource, ResourceKind } from '../core/resource';
import type { NodeRecord, NodeRepo } from './repo';

/** A node record as the session core sees it: served by its agent when it has a tunnel, else dialled over OpenSSH. */
export const nodeResource = (node: NodeRecord): Resource => ({
  kind: 'node',
  id: node.id,
  name: node.hostname,
  addr: node.addr,
  labels: node.labels,
  agentId: node.agentId,
});

/** The node, if it exists and is live (an agent node whose agent stopped is treated as absent). */
export const isLive = (node: NodeRecord | undefined, now: number): node is NodeRecord => !!node && (node.expiresAt === null || node.expiresAt > now);

/**
 * Why the user may not open `login` on `node`, or undefined when they may. The login must be granted by a role
 * whose node_labels match the node, and no deny rule may match (deny wins). RoleSet.canAccess decides; the
 * rest only picks the clearest sentence for the refusal.
 */
export function nodeRefusal(identity: Identity, node: Resource, login: string): string | undefined {
  const { roles } = identity;
  if (roles.canAccess('node', node.labels, login, node.id)) return undefined;
  if (!roles.principals('logins').includes(login)) return `login "${login}" is not in your roles' logins`;
  if (!roles.canAccess('node', node.labels, undefined, node.id)) return `your roles' node_labels do not match node ${node.name}`;
  return `your roles do not allow login "${login}" on node ${node.name}`;
}

/** Nodes: servers reached with a shell, a command or a file transfer; their sessions are ssh sessions. */
export function nodeKind(nodes: NodeRepo, now: () => number): ResourceKind {
  return {
    name: 'node',
    sessionKind: 'ssh',
    async find(id) {
      const node = await nodes.get(id);
      return isLive(node, now()) ? nodeResource(node) : undefined;
    },
    refusal: nodeRefusal,
    auditFields: (node) => ({ server_id: node.id, server_hostname: node.name, server_addr: node.addr }),
  };
}
