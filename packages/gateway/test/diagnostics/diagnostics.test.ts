import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { apiPaths, compilePath, type ConnectionDiagnosticJson, type JoinTokenJson } from '@portcullis/shared';
import type { Agent } from '../../src/agent/agent';
import { eventsWithCode, startAppAgent, startEchoServer, closedPort } from '../apps/fixtures';
import { startDatabaseAgent } from '../databases/fixtures';
import { startGateway, type Client, type TestGateway } from '../harness';
import { startKubeAgent } from '../kube/fixtures';
import { startStandInApiServer, type StandInApiServer } from '../kube/standInApiServer';
import { startAgent } from '../servers/fixtures';

jest.setTimeout(60_000);

/** Reaches everything labelled env=test: nodes as root or ghost (an account no host has), apps, the test PostgreSQL, Kubernetes. */
const testerRole = `
kind: role
metadata: { name: tester }
spec:
  allow:
    logins: [root, ghost]
    node_labels: { env: test }
    app_labels: { env: test }
    db_labels: { env: test }
    db_users: [postgres, ghost]
    db_names: [test]
    kubernetes_labels: { env: test }
    kubernetes_groups: [devs]
    rules:
      - { resources: [connection_diagnostic], verbs: [create] }
      - { resources: [node, app_server, db_server, db, kube_server], verbs: [list, read] }
`;

const diagnose = (client: Client, body: Record<string, unknown>) => client.post<ConnectionDiagnosticJson>(compilePath(apiPaths.connectionDiagnostics, { clusterId: 'localhost' }), body);
const summary = (d: ConnectionDiagnosticJson) => (d.traces ?? []).map((t) => `${t.traceType} ${t.status}`);

describe('connection tests through the gateway', () => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let tester: Client & { name: string };
  let nodeId: string;
  let standIn: StandInApiServer;
  const agents: Agent[] = [];
  let echo: Awaited<ReturnType<typeof startEchoServer>>;

  beforeAll(async () => {
    gw = await startGateway();
    await gw.createRole(testerRole);
    admin = await gw.signIn({ roles: ['editor'] });
    tester = await gw.signIn({ roles: ['tester'] });
    const token = async () => (await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'] })).body.id;
    const node = await startAgent(gw.url, await token(), { hostname: 'diag-node', labels: { env: 'test' } });
    nodeId = node.nodeId;
    agents.push(node.agent);
    echo = await startEchoServer();
    agents.push((await startAppAgent(gw.url, await token(), [{ name: 'echo', uri: `tcp://127.0.0.1:${echo.port}` }, { name: 'gone', uri: `tcp://127.0.0.1:${await closedPort()}` }], { labels: { env: 'test' }, hostname: 'diag-apps' })).agent);
    agents.push((await startDatabaseAgent(gw.url, await token(), [{ name: 'pg', uri: 'postgres://postgres@127.0.0.1:5432/test' }], { labels: { env: 'test' }, hostname: 'diag-db' })).agent);
    standIn = await startStandInApiServer({ pods: [] });
    agents.push(await startKubeAgent(gw.url, await token(), [`dev=${standIn.writeKubeconfig(mkdtempSync(path.join(os.tmpdir(), 'portcullis-diag-kube-')))}`], { env: 'test' }));
  });
  afterAll(async () => {
    for (const agent of agents) await agent.stop();
    await echo?.close();
    await standIn?.close();
    await gw?.close();
  });

  test('a node: the roles, the login, the agent and a command run as the login, audited', async () => {
    const res = await diagnose(tester, { resource_kind: 'node', resource_name: nodeId, ssh_principal: 'root' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'success' });
    expect(summary(res.body)).toEqual(['RBAC_NODE SUCCESS', 'RBAC_NODE SUCCESS', 'RBAC_PRINCIPAL SUCCESS', 'CONNECTIVITY SUCCESS', 'NODE_PRINCIPAL SUCCESS']);
    const exec = (await eventsWithCode(gw, 'T3002I')).find((e) => e.user === tester.name);
    expect(exec).toMatchObject({ login: 'root', server_id: nodeId, command: 'true (connection test)', exitCode: 0 });
  });

  test('a login the node does not have fails at the node, with what to do about it', async () => {
    const res = await diagnose(tester, { resource_kind: 'node', resource_name: nodeId, ssh_principal: 'ghost' });
    expect(res.body.success).toBe(false);
    expect(summary(res.body).at(-1)).toBe('NODE_PRINCIPAL FAILED');
    expect(res.body.message).toBe('login "ghost" does not exist on diag-node: create the account ghost on diag-node (useradd ghost), or test a login that exists there');
  });

  test('a login the roles do not grant stops at the roles, and the node is never asked', async () => {
    const res = await diagnose(tester, { resource_kind: 'node', resource_name: nodeId, ssh_principal: 'nobody' });
    expect(summary(res.body)).toEqual(['RBAC_NODE SUCCESS', 'RBAC_NODE SUCCESS', 'RBAC_PRINCIPAL FAILED']);
    expect(res.body.message).toBe(`login "nobody" is not in your roles' logins: add nobody to a role's logins, or to your user's logins trait`);
  });

  test('an app: reached through its agent, or said to be unreachable', async () => {
    expect(summary((await diagnose(tester, { resource_kind: 'app', resource_name: 'echo' })).body)).toEqual(['RBAC_APP SUCCESS', 'CONNECTIVITY SUCCESS']);
    const gone = (await diagnose(tester, { resource_kind: 'app', resource_name: 'gone' })).body;
    expect(summary(gone)).toEqual(['RBAC_APP SUCCESS', 'CONNECTIVITY FAILED']);
    expect(gone.message).toBe("app gone is unreachable: its agent could not connect to it: check that the app listens where the agent's --app flag says");
  });

  test('a database: the agent logs in as the user, and a user the database lacks is its refusal', async () => {
    const ok = (await diagnose(tester, { resource_kind: 'db', resource_name: 'pg', database_user: 'postgres', database_name: 'test' })).body;
    expect(summary(ok)).toEqual(['RBAC_DATABASE SUCCESS', 'RBAC_DATABASE_LOGIN SUCCESS', 'RBAC_DATABASE_LOGIN SUCCESS', 'DATABASE_DB_USER SUCCESS']);
    const ghost = (await diagnose(tester, { resource_kind: 'db', resource_name: 'pg', database_user: 'ghost', database_name: 'test' })).body;
    expect(summary(ghost).at(-1)).toBe('DATABASE_DB_USER FAILED');
    expect(ghost.message).toBe('role "ghost" does not exist: check that the user exists in the database and may connect to test');
  });

  test('a Kubernetes cluster: the API answers as the impersonated user', async () => {
    const res = (await diagnose(tester, { resource_kind: 'kube_cluster', resource_name: 'dev' })).body;
    expect(summary(res)).toEqual(['RBAC_KUBE SUCCESS', 'KUBE_PRINCIPAL SUCCESS', 'CONNECTIVITY SUCCESS']);
    const asked = await standIn.waitFor((r) => r.path === '/version' && r.impersonateUser === tester.name);
    expect(asked.impersonateGroups).toEqual(['devs']);
  });

  test('whether the user reaches any resource at all', async () => {
    expect((await tester.get(compilePath(apiPaths.resourcesCheck, { clusterId: 'localhost' }))).body).toEqual({ hasResource: true });
    const nobody = await gw.signIn({ roles: [] });
    expect((await nobody.get(compilePath(apiPaths.resourcesCheck, { clusterId: 'localhost' }))).body).toEqual({ hasResource: false });
  });

  test('telemetry is kept by the gateway, before and after sign-in, and bad events are refused', async () => {
    expect((await tester.post(apiPaths.captureUserEvent, { event: 'tp.ui.discover.started', eventData: { id: 'run-1', stepStatus: 'DISCOVER_STATUS_SUCCESS' } })).status).toBe(200);
    expect((await gw.anonymous().post(apiPaths.capturePreUserEvent, { event: 'tp.ui.login', eventData: {} })).status).toBe(200);
    const bad = await tester.post(apiPaths.captureUserEvent, { event: 'no spaces allowed', eventData: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('body.event: event must be a name of 1-128 letters, digits, and . _ : -');
    const rows = await gw.server.store.db.selectFrom('telemetry_events').select(['event', 'username', 'data']).orderBy('created_at').execute();
    expect(rows).toEqual([
      { event: 'tp.ui.discover.started', username: tester.name, data: '{"id":"run-1","stepStatus":"DISCOVER_STATUS_SUCCESS"}' },
      { event: 'tp.ui.login', username: '', data: '{}' },
    ]);
  });
});
