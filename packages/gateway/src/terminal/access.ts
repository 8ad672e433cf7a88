import type { Identity } from '../access/identity';
import { recordEvent, type EventName } from '../audit/record';
import type { NodeRecord } from '../nodes/repo';
import type { Store } from '../storage/store';

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
