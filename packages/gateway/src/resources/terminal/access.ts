import type { Identity } from '../../platform/access/identity';
import { recordEvent, type EventName } from '../../management/audit/record';
import type { NodeRecord, NodeRepo } from '../nodes/repo';
import type { Gateway } from '../../platform/server/context';
import type { Store } from '../../platform/storage/store';

/**
 * Why the user may not open `login` on `node`, or undefined when they may. The login must be granted by a role
 * whose node_labels match the node, and no deny rule may match (deny wins). RoleSet.canAccess decides; the
 * rest only picks the clearest sentence for the refusal.
 */
export function nodeRefusal(identity: Identity, node: NodeRecord, login: string): string | undefined {
  const { roles } = identity;
  if (roles.canAccess('node', node.labels, login)) return undefined;
  if (!roles.principals('logins').includes(login)) return `login "${login}" is not in your roles' logins`;
  if (!roles.canAccess('node', node.labels)) return `your roles' node_labels do not match node ${node.hostname}`;
  return `your roles do not allow login "${login}" on node ${node.hostname}`;
}

/** Writes the refusal's audit event; the caller shows `reason` to the user. */
export async function auditRefusal(store: Store, event: EventName, identity: Identity, node: NodeRecord, login: string, reason: string, remoteAddr: string): Promise<void> {
  await recordEvent(store, event, {
    user: identity.user.name,
    login,
    server: node.hostname,
    server_id: node.id,
    server_hostname: node.hostname,
    reason,
    error: reason,
    'addr.remote': remoteAddr,
  });
}

/** The node, if it exists and is live (an agent node whose agent stopped is treated as absent). */
export const isLive = (node: NodeRecord | undefined, now: number): node is NodeRecord => !!node && (node.expiresAt === null || node.expiresAt > now);

/**
 * The node a session as `login` may open on, or the sentence refusing it; a refusal by the roles is audited
 * as session.rejected. Shared by the terminal and the command websocket so both decide alike.
 */
export async function admitSession(gw: Gateway, nodes: NodeRepo, identity: Identity, serverId: string, login: string, remoteAddr: string): Promise<NodeRecord | string> {
  const node = await nodes.get(serverId);
  if (!isLive(node, gw.now())) return `node ${serverId} was not found or is offline`;
  const reason = nodeRefusal(identity, node, login);
  if (!reason) return node;
  await auditRefusal(gw.store, 'SESSION_REJECTED', identity, node, login, reason, remoteAddr);
  return `access denied to ${login}@${node.hostname}: ${reason}`;
}
