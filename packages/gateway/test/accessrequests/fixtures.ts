import type { AccessRequestJson } from '@portcullis/shared';
import { nodeRepo } from '../../src/resources/nodes/repo';
import type { Client, Response, TestGateway } from '../harness';

/**
 * The roles of the access-request tests: `requester` may ask for `ssh-prod` (by name, or nodes through it as
 * search_as_roles) for 30 minutes; `careful` asks for the same but needs two approvals; `reviewer` reviews
 * requests for ssh-prod; `request-auditor` lists every request; `nothing` can do none of it.
 */
export const roles = [
  `kind: role
metadata: { name: ssh-prod }
spec:
  allow:
    logins: [root]
    node_labels: { env: prod }
    rules: [{ resources: [node], verbs: [list, read] }]
`,
  `kind: role
metadata: { name: requester }
spec:
  allow:
    rules: [{ resources: [node], verbs: [list, read] }]
    request: { roles: [ssh-prod], search_as_roles: [ssh-prod], suggested_reviewers: [lead], max_duration: 30m }
`,
  `kind: role
metadata: { name: careful }
spec:
  allow:
    rules: [{ resources: [node], verbs: [list, read] }]
    request: { roles: [ssh-prod], thresholds: [{ approve: 2 }, { approve: 1, deny: 2 }] }
`,
  `kind: role
metadata: { name: reviewer }
spec:
  allow:
    review_requests: { roles: [ssh-prod] }
`,
  `kind: role
metadata: { name: request-auditor }
spec:
  allow:
    rules: [{ resources: [access_request], verbs: [list, read] }]
`,
  'kind: role\nmetadata: { name: nothing }\nspec: {}\n',
];

/** Two prod nodes (reached through ssh-prod) and a dev node (reached by nobody here). */
export const fleet = ['prod-1', 'prod-2', 'dev-1'].map((id) => ({
  id,
  hostname: id,
  addr: `10.0.0.${id.length}:22`,
  agentId: null,
  labels: { env: id.split('-')[0]! },
  expiresAt: null,
}));

export async function setUp(gw: TestGateway, now: number): Promise<void> {
  for (const yaml of roles) await gw.createRole(yaml);
  await nodeRepo(gw.server.store).insertMany(fleet, now);
}

export const paths = {
  list: '/v1/webapi/sites/localhost/accessrequests',
  one: (id: string) => `/v1/webapi/sites/localhost/accessrequests/${id}`,
  reviews: (id: string) => `/v1/webapi/sites/localhost/accessrequests/${id}/reviews`,
  renew: '/v1/webapi/sessions/web/renew',
  context: '/v1/webapi/sites/localhost/context',
  nodes: '/v1/webapi/sites/localhost/nodes',
};

export const nodeRef = (name: string) => ({ kind: 'node', clusterName: 'localhost', name });

export const requestRoles = (client: Client, reason = 'deploying the hotfix') =>
  client.post<AccessRequestJson>(paths.list, { roles: ['ssh-prod'], reason });

export const review = (client: Client, id: string, state: 'APPROVED' | 'DENIED', reason = 'looks right') =>
  client.post<AccessRequestJson>(paths.reviews(id), { state, reason });

/** Renews the client's session with a body, keeping the new bearer as the console does. */
export async function renew(client: Client, body: unknown): Promise<Response> {
  const res = await client.post(paths.renew, body);
  if (res.status === 200) client.session = res.body as Client['session'];
  return res;
}

/** The hostnames a client's node list shows, each with the logins offered there. */
export async function reachable(client: Client, query = ''): Promise<string[]> {
  const res = await client.get<{ items: { hostname: string; sshLogins: string[] }[] }>(
    `${paths.nodes}${query}`,
  );
  if (res.status !== 200) throw new Error(`node list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.items.map((n) => `${n.hostname}:${n.sshLogins.join(',')}`);
}

/** [status, error message] of a refused call, to compare in one expectation. */
export const refusal = (res: { status: number; body: unknown }) => [
  res.status,
  (res.body as { error?: { message?: string } }).error?.message,
];
