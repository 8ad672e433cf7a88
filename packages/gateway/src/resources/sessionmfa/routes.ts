import { apiPaths, type MfaRequiredJson } from '@portcullis/shared';
import { notFound } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import type { ResourceKind } from '../core/resource';
import { sessionMfaRequired } from '../core/sessionMfa';
import { listNodes } from '../nodes/list';
import type { NodeRepo } from '../nodes/repo';
import { mfaRequiredBody, mfaRequiredParams } from './schemas';

/** A predicate string literal: the list language escapes with a backslash. */
const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * Whether opening a session needs a second factor first, so the console and the command line can ask for it
 * before they connect. The node must be one the user can see; its id or, failing that, its hostname names it.
 */
export function sessionMfaRoutes(gw: Gateway, nodes: NodeRepo, nodeKind: ResourceKind) {
  gw.route('POST', apiPaths.mfaRequired, {
    access: { signedIn: 'a user asks whether their own session would need a second factor' },
    params: mfaRequiredParams,
    body: mfaRequiredBody,
    handler: async ({ identity, body }) => {
      const { node_name } = body.node;
      const byId = await nodeKind.find(node_name);
      const visible = byId
        ? identity!.roles.canAccess('node', byId.labels, undefined, byId.id)
        : (await listNodes(nodes, identity!.roles, { limit: 1, query: `name == ${quoted(node_name)}` }, gw.now())).items.length > 0;
      if (!visible) throw notFound(`node ${node_name} was not found or is offline`);
      return { required: sessionMfaRequired(identity!) } satisfies MfaRequiredJson;
    },
  });
}
