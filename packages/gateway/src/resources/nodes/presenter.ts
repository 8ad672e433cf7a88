import type { NodeJson } from '@portcullis/shared';
import type { RoleSet } from '../../management/roles/roleset';
import type { NodeRecord } from './repo';
import { labelList } from '../lists/labels';

/** The node item of the wire: {id, siteId, hostname, addr, tunnel, tags, sshLogins} (sshLogins: the logins this user may use there). */
export function presentNode(node: NodeRecord, siteId: string, roles: RoleSet) {
  return {
    kind: 'node',
    id: node.id,
    siteId,
    hostname: node.hostname,
    addr: node.addr,
    tunnel: node.agentId !== null,
    tags: labelList(node.labels),
    sshLogins: roles.principals('logins').filter((login) => roles.canAccess('node', node.labels, login, node.id)),
  } satisfies NodeJson;
}
