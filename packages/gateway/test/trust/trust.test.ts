import { compilePath, apiPaths, terminalSocketPath, type ClusterJson, type JoinTokenJson } from '@portcullis/shared';
import type { Agent } from '../../src/agent/agent';
import { startGateway, type Client, type TestGateway } from '../harness';
import { eventually, startAgent, TerminalClient } from '../servers/fixtures';

jest.setTimeout(90_000);

/** On the leaf: what the root's `access` users become there (a shell as root on any node, recordings and audit). */
const leafAccessRole = `
kind: role
metadata: { name: leaf-access }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules:
      - { resources: [node], verbs: [list, read] }
      - { resources: [session, session_tracker], verbs: [list, read] }
      - { resources: [event], verbs: [list, read] }
`;

/** On the root: a role of its own users, mapped to leaf-access by the leaf's role map. */
const rootOpsRole = `
kind: role
metadata: { name: ops }
spec:
  allow:
    rules: [{ resources: [session], verbs: [list, read] }]
`;

const trustedCluster = (root: TestGateway, token: string, roleMap = '[{ remote: ops, local: [leaf-access] }]', enabled = true) => `
kind: trusted_cluster
version: v2
metadata: { name: root }
spec:
  enabled: ${enabled}
  token: "${token}"
  tunnel_addr: ${root.url}
  web_proxy_addr: ${root.url}
  role_map: ${roleMap}
`;

const sites = async (client: Client) => (await client.get<ClusterJson[]>(apiPaths.clusters)).body;
const leafOf = async (client: Client) => (await sites(client)).find((c) => c.name === 'leaf');

// A root on SQLite and a leaf on PostgreSQL, each with its own storage, and an agent on the leaf: the leaf dials the root.
describe('a leaf cluster trusting a root', () => {
  let root: TestGateway;
  let leaf: TestGateway;
  let rootAdmin: Client & { name: string };
  let leafAdmin: Client & { name: string };
  let operator: Client & { name: string };
  let agent: Agent;
  let nodeId: string;

  const rootToken = async () => (await rootAdmin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Trusted_cluster'] })).body.id;

  beforeAll(async () => {
    root = await startGateway({ engine: 'sqlite', config: { clusterName: 'root' } });
    leaf = await startGateway({ engine: 'postgres', config: { clusterName: 'leaf' }, trust: { backoff: { first: 50, max: 200 } } });
    rootAdmin = await root.signIn({ roles: ['editor'] });
    await root.createRole(rootOpsRole);
    operator = await root.signIn({ roles: ['ops'] });
    leafAdmin = await leaf.signIn({ roles: ['editor'] });
    await leaf.createRole(leafAccessRole);
    ({ agent, nodeId } = await startAgent(leaf.url, (await leafAdmin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'] })).body.id, { hostname: 'leaf-node' }));
  });
  afterAll(async () => {
    await agent?.stop();
    await leaf?.close();
    await root?.close();
  });

  test('a wrong token and a role map naming no role of the leaf are refused with the reason, and nothing is kept', async () => {
    const wrong = await leafAdmin.post(compilePath(apiPaths.trustedClusters, {}), { content: trustedCluster(root, '0'.repeat(32)) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      'could not join root: the root cluster refused this cluster: invalid or expired join token (a trusted cluster needs a token with roles [Trusted_cluster])',
    );
    const unmapped = await leafAdmin.post(compilePath(apiPaths.trustedClusters, {}), { content: trustedCluster(root, await rootToken(), '[{ remote: ops, local: [no-such-role] }]') });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.error.message).toBe('spec.role_map maps to roles that do not exist on this cluster: no-such-role');
    expect((await leafAdmin.get(compilePath(apiPaths.trustedClusters, {}))).body).toEqual([]);
    const failure = (await root.server.store.events.search({ from: 0, to: Date.now() + 60_000, limit: 100, order: 'asc', types: undefined })).events.map((e) => e.data).find((e) => e.code === 'TJ002W');
    expect(failure).toMatchObject({ node_name: 'leaf', role: 'Trusted_cluster', error: 'invalid or expired join token (a trusted cluster needs a token with roles [Trusted_cluster])' });
  });

  test('the leaf joins; the root lists it online with its node count', async () => {
    const created = await leafAdmin.post(compilePath(apiPaths.trustedClusters, {}), { content: trustedCluster(root, await rootToken()) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ kind: 'trusted_cluster', name: 'root' });
    // The token is spent: the identity the root issued is what reconnects from now on.
    expect(created.body.content).toContain('token: "(used: the root issued this cluster an identity)"');
    const listed = await eventually(async () => {
      const found = await leafOf(rootAdmin);
      return found?.status === 'online' && found.nodeCount === 1 ? found : undefined;
    }, 'the leaf online with its node');
    // The leaf's public URL as it reports it (its listen address on loopback is localhost).
    expect(listed).toMatchObject({ name: 'leaf', publicURL: `localhost:${new URL(leaf.url).port}`, authVersion: '0.1.0' });
    expect((await sites(rootAdmin)).map((c) => c.name)).toEqual(['root', 'leaf']);
  });

  test('a second leaf reusing the name is refused', async () => {
    const other = await startGateway({ engine: 'sqlite', config: { clusterName: 'leaf' } });
    try {
      const admin = await other.signIn({ roles: ['editor'] });
      await other.createRole(leafAccessRole);
      const res = await admin.post(compilePath(apiPaths.trustedClusters, {}), { content: trustedCluster(root, await rootToken()) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('could not join root: the root cluster refused this cluster: a cluster named leaf has already joined: each leaf needs a name of its own');
    } finally {
      await other.close();
    }
  });

  test("a root user reaches the leaf's nodes with the mapped role, opens a shell there, and the leaf's recording and audit read from the root", async () => {
    const nodes = await operator.get(`/v1/webapi/sites/leaf/nodes`);
    expect(nodes.status).toBe(200);
    expect(nodes.body.items.map((n: { hostname: string }) => n.hostname)).toEqual(['leaf-node']);

    const terminal = await TerminalClient.connect(root, operator, terminalSocketPath('leaf', operator.session!.token, { server_id: nodeId, login: 'root', term: { w: 90, h: 20 } }));
    const session = await eventually(async () => terminal.controls.find((c) => c.type === 'session'), 'the session message');
    terminal.type('echo from-the-leaf-$((40+2))\r');
    await terminal.waitFor(/from-the-leaf-42\r\n/);
    terminal.type('exit\r');
    await terminal.closed;
    const sid = session.type === 'session' ? session.session.id : '';

    const base = `/v1/webapi/sites/leaf/sessions/${sid}/recording`;
    const summary = await eventually(async () => {
      const res = await operator.get(base);
      return res.body.complete ? res.body : undefined;
    }, 'the finished recording, read through the tunnel');
    const stream = await fetch(`${root.url}${base}/stream?offset=0&bytes=${summary.bytes}`, { headers: { authorization: `Bearer ${operator.session!.token}`, cookie: operator.cookieHeader() } });
    expect(await stream.text()).toContain('from-the-leaf-42');

    const events = await operator.get(`/v1/webapi/sites/leaf/events/search?from=${new Date(Date.now() - 600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}&limit=100`);
    expect(events.status).toBe(200);
    expect(events.body.events.filter((e: { sid?: string }) => e.sid === sid).map((e: { event: string; user: string }) => [e.event, e.user])).toEqual(
      expect.arrayContaining([
        ['session.start', operator.name],
        ['session.end', operator.name],
      ]),
    );
    // The leaf keeps its own audit: the root's log has no session of its own for it.
    expect((await root.server.store.events.search({ from: 0, to: Date.now() + 60_000, limit: 1000, order: 'asc', types: undefined })).events.some((e) => e.data.sid === sid)).toBe(false);
  });

  test("a root user runs a command on the leaf's node through the command socket", async () => {
    const query = new URLSearchParams({ access_token: operator.session!.token, params: JSON.stringify({ command: 'echo ran-on-$((6*7))', login: 'root', server_id: nodeId }) });
    const command = await TerminalClient.connect(root, operator, `/v1/webapi/command/leaf/execute?${query}`);
    await command.closed;
    expect(command.output).toContain('ran-on-42');
    expect(command.controls).toContainEqual({ type: 'close', reason: 'shell exited', exitCode: 0 });
  });

  test('the root asks for its own session before anything goes to the leaf', async () => {
    const res = await root.anonymous().get(`/v1/webapi/sites/leaf/nodes`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('access denied: sign in first');
  });

  test('the role map denies a root user whose roles it does not map', async () => {
    const auditor = await root.signIn({ roles: ['auditor'] });
    const res = await auditor.get(`/v1/webapi/sites/leaf/nodes`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('access denied: your roles on cluster root (auditor) map to no role of cluster leaf (its role_map)');
  });

  test('restarted, the leaf shows offline, then online again with the identity it keeps', async () => {
    const restarted = leaf.restart();
    await eventually(async () => (await leafOf(rootAdmin))?.status === 'offline', 'the leaf offline');
    await restarted;
    await eventually(async () => (await leafOf(rootAdmin))?.status === 'online', 'the leaf online again');
    expect((await operator.get(`/v1/webapi/sites/leaf/nodes`)).status).toBe(200);
  });

  test('disabled, the leaf is unreachable from the root', async () => {
    const res = await leafAdmin.put(compilePath(apiPaths.trustedClusters, { name: 'root' }), { content: trustedCluster(root, 'unused', undefined, false) });
    expect(res.status).toBe(200);
    await eventually(async () => (await leafOf(rootAdmin))?.status === 'offline', 'the leaf offline');
    const refused = await operator.get(`/v1/webapi/sites/leaf/nodes`);
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toBe('cluster leaf is offline: its tunnel to this cluster is down');
  });
});
