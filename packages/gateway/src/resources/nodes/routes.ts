import { recordEvent } from '../../management/audit/record';
import { searchAsRoles } from '../../management/accessrequests/search';
import { notFound } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import { randomUUID } from 'node:crypto';
import { listNodes } from './list';
import { presentNode } from './presenter';
import { addNodeBody, nodeListQuery, nodeParams, siteParams } from './schemas';
import type { UserCertificateAuthority } from '../connectors/openssh/ca';
import type { NodeRepo } from './repo';

/** The node list of a cluster, and registering or removing agentless OpenSSH nodes. */
export function nodeRoutes(gw: Gateway, nodes: NodeRepo, ca: UserCertificateAuthority) {
  gw.route('GET', '/v1/webapi/sites/:clusterId/nodes', {
    access: { resource: 'node', verb: 'list' },
    params: siteParams,
    query: nodeListQuery,
    handler: async ({ identity, params, query }) => {
      // searchAsRoles widens what is listed to what the user may request; sshLogins still say what they may use now.
      const roles = query.searchAsRoles === 'yes' ? await searchAsRoles(gw.store, identity!, 'node', gw.now()) : identity!.roles;
      const page = await listNodes(nodes, roles, query, gw.now());
      return { items: page.items.map((n) => presentNode(n, params.clusterId, identity!.roles)), startKey: page.startKey, totalCount: page.totalCount };
    },
  });

  gw.route('POST', '/v1/webapi/sites/:clusterId/nodes', {
    access: { resource: 'node', verb: 'create' },
    params: siteParams,
    body: addNodeBody,
    handler: async ({ identity, params, body }) => {
      const node = { id: randomUUID(), hostname: body.hostname, addr: body.addr, agentId: null, labels: body.labels, expiresAt: null };
      await nodes.upsert(node, gw.now());
      await recordEvent(gw.store, 'INSTANCE_JOIN', { user: identity!.user.name, node_name: body.hostname, role: 'Node', method: 'openssh', server_id: node.id });
      return presentNode(node, params.clusterId, identity!.roles);
    },
  });

  gw.route('DELETE', '/v1/webapi/sites/:clusterId/nodes/:serverId', {
    access: { resource: 'node', verb: 'delete' },
    params: nodeParams,
    handler: async ({ params }) => {
      if (!(await nodes.remove(params.serverId))) throw notFound(`no node with id ${params.serverId}`);
      return { message: 'ok' };
    },
  });

  /** What an OpenSSH host puts in TrustedUserCAKeys. */
  gw.route('GET', '/v1/webapi/sites/:clusterId/ssh/user-ca', {
    access: { resource: 'node', verb: 'create' },
    params: siteParams,
    handler: ({ reply }) => {
      reply.type('text/plain; charset=utf-8');
      return ca.publicKeyLine;
    },
  });
}
