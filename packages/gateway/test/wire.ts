/**
 * The gateway's answers as its own presenters make them, for the console's tests: a fixture built here cannot
 * drift from what the gateway sends, because a change to a presenter changes it too. Test code only.
 */
import type { AclArea, ActiveSessionJson, ClusterJson, NodeJson, ParticipantMode, PingJson, UserContextJson } from '@portcullis/shared';
import { aclAreas } from '../src/management/roles/acl';
import { roleSchema } from '../src/management/roles/model';
import { RoleSet } from '../src/management/roles/roleset';
import { presentUserContext } from '../src/platform/clusters/context';
import { presentCluster } from '../src/platform/clusters/presenter';
import { parseConfig } from '../src/platform/config/config';
import { presentPing } from '../src/platform/ping/presenter';
import { emptyTraits } from '../src/platform/storage/repos/users';
import { activeSessionJson } from '../src/resources/livesessions/presenter';
import { presentNode } from '../src/resources/nodes/presenter';

/** A role set granting every verb on the given ACL areas, and `logins` on every node. */
function rolesFor(areas: AclArea[], logins: string[] = []): RoleSet {
  const role = roleSchema.parse({
    kind: 'role',
    metadata: { name: 'fixture' },
    spec: {
      allow: {
        logins,
        node_labels: { '*': '*' },
        rules: areas.length ? [{ resources: areas.map((a) => aclAreas[a]), verbs: ['*'] }] : [],
      },
    },
  });
  return new RoleSet([role], emptyTraits());
}

export const clusterJson = (name = 'localhost', nodeCount = 0): ClusterJson => presentCluster(name, 'http://localhost:3080', nodeCount, Date.parse('2026-01-01T00:00:00Z'));

/** GET /sites/{cluster}/context for `username`, allowed everything on `areas`. */
export const userContextJson = (areas: AclArea[], username = 'alice', cluster = 'localhost'): UserContextJson =>
  presentUserContext({ user: { name: username, authType: 'local' }, roles: rolesFor(areas) }, clusterJson(cluster));

/** GET /ping of a gateway with the default configuration. */
export const pingJson = (): PingJson => presentPing(parseConfig({}));

/** A node list item as the gateway lists it in `cluster` to a user who may use `logins` there. */
export const nodeJson = (
  node: { id: string; hostname: string; addr?: string; agent?: boolean; labels?: Record<string, string> },
  logins: string[] = [],
  cluster = 'localhost',
): NodeJson =>
  presentNode(
    { id: node.id, hostname: node.hostname, addr: node.addr ?? '10.0.0.1:22', agentId: node.agent ? `agent-of-${node.id}` : null, labels: node.labels ?? {}, expiresAt: null },
    cluster,
    rolesFor(['nodes'], logins),
  );

/** An ssh session on node `hostname` as GET /sites/{cluster}/sessions lists it to a caller who may join in `modes`. */
export const activeSessionFixture = (
  s: { id: string; hostname: string; users: string[]; login?: string; cluster?: string; createdAgoMs?: number },
  modes: ParticipantMode[],
): ActiveSessionJson => {
  const created = Date.now() - (s.createdAgoMs ?? 90_000);
  return activeSessionJson(
    {
      id: s.id,
      kind: 'ssh',
      login: s.login ?? 'root',
      resource: { kind: 'node', id: `${s.hostname}-id`, name: s.hostname, addr: `${s.hostname}:22` },
      clusterName: s.cluster ?? 'localhost',
      owner: s.users[0]!,
      created,
      lastActive: created,
      terminal: { w: 80, h: 24 },
      parties: s.users.map((user, i) => ({ id: `party-${i}`, user, remoteAddr: '127.0.0.1', joinedAt: created, lastActive: created })),
    },
    modes,
  );
};
