import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, loginAt, sameSessionAt, testPasswordHashing, type Client, type TestGateway } from '../harness';
import { createJoinToken, eventually, startAgent, TerminalClient } from '../servers/fixtures';
import { createLock, removeAllLocks } from '../locks/fixtures';
import { PasswordHasher } from '../../src/platform/passwords/password';
import { openStorage } from '../../src/platform/storage/open';
import type { Store } from '../../src/platform/storage/store';
import { RoleService } from '../../src/management/roles/service';
import { UserService } from '../../src/management/users/service';
import type { Agent } from '../../src/agent/agent';
import { startBalancer } from './balancer';
import { startGatewayProcess, type GatewayProcess } from './gatewayProcess';

// Three gateway processes started from source, real agents and login shells.
jest.setTimeout(120_000);

const login = os.userInfo().username;
const role = `
kind: role
metadata: { name: peer-operator }
spec:
  allow:
    logins: [${login}]
    node_labels: { env: peers }
    join_sessions: [{ name: pair, roles: [peer-operator], kinds: [ssh], modes: [observer, peer] }]
    rules:
      - { resources: [node], verbs: [list, read] }
      - { resources: [token, lock], verbs: [list, read, create, update, delete] }
      - { resources: [event, session, session_tracker], verbs: [list, read] }
`;
const password = 'peer gateways share one database';

let pgdb: Awaited<ReturnType<typeof createPostgresDatabase>>;
let store: Store;
const dirs: string[] = [];
const gateways: GatewayProcess[] = [];
let balancer: Awaited<ReturnType<typeof startBalancer>>;
const agents: { agent: Agent; nodeId: string }[] = [];

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
/** Only the url of a gateway is read by TerminalClient. */
const at = (url: string) => ({ url }) as TestGateway;

/** The gateway process holding the tunnel of the agent serving `nodeId`, as the database records it. */
async function holderOf(nodeId: string): Promise<GatewayProcess | undefined> {
  const row = await store.db
    .selectFrom('nodes')
    .innerJoin('agent_presence', 'agent_presence.agent_id', 'nodes.agent_id')
    .innerJoin('gateway_peers', 'gateway_peers.id', 'agent_presence.gateway_id')
    .select('gateway_peers.addr')
    .where('nodes.id', '=', nodeId)
    .executeTakeFirst();
  return gateways.find((g) => g.url === row?.addr && g.child.exitCode === null && g.child.signalCode === null);
}

/**
 * Opens a shell through `gatewayUrl` and runs a command in it. A gateway reaches an agent held elsewhere once its
 * tunnel to the holder is up (dialled on the heartbeat after it learns of the holder, and again after a drop); until
 * then it says the node is offline, and that refusal is tried again for a while. Anything else fails at once.
 */
async function shellPrints(client: Client, gatewayUrl: string, nodeId: string): Promise<string> {
  const t = await eventually(
    async () => {
      const attempt = await TerminalClient.open(at(gatewayUrl), client, { server_id: nodeId, login, term: { w: 80, h: 24 } });
      attempt.type('echo peer-$((6*7))\r');
      const printed = attempt.waitFor(/peer-42/).then(() => true);
      // A refused attempt closes long before this could time out; its later rejection is nobody's concern.
      printed.catch(() => undefined);
      if (await Promise.race([printed, attempt.closed.then(() => false)])) return attempt;
      const refusal = attempt.errors().join('; ');
      if (!/is offline: its agent/.test(refusal)) throw new Error(`no shell through ${gatewayUrl}: ${refusal || 'closed without a reason'}`);
      return undefined;
    },
    `a shell through ${gatewayUrl} once its tunnel to the agent's gateway is up`,
    20_000,
  );
  const session = t.controls.find((c) => c.type === 'session');
  t.type('exit\r');
  await t.closed;
  return session?.type === 'session' ? session.session.id : '';
}

const allEvents = async () => (await store.events.search({ from: 0, to: Date.now() + 86_400_000, limit: 10_000, order: 'asc' })).events.map((e) => e.data);

beforeAll(async () => {
  pgdb = await createPostgresDatabase();
  const shared = { db: pgdb.url, dataDir: tempDir('portcullis-peers-data-'), configDir: tempDir('portcullis-peers-config-'), heartbeat: '500ms' };
  // Started at once on a fresh database: they take turns setting it up.
  gateways.push(...(await Promise.all(['g1', 'g2', 'g3'].map((name) => startGatewayProcess({ name, ...shared })))));
  store = await openStorage({ dataDir: tempDir('portcullis-peers-test-'), db: pgdb.url });
  await new RoleService(store, Date.now).create('test', role);
  await new UserService(store, Date.now).create('test', { name: 'operator', roles: ['peer-operator'] });
  await store.users.update('operator', { passwordHash: await new PasswordHasher(testPasswordHashing).hash(password) });
  balancer = await startBalancer(gateways.map((g) => g.port));
  const admin = await loginAt(balancer.url, 'operator', password);
  for (const hostname of ['peer-node-1', 'peer-node-2']) {
    agents.push(await startAgent(balancer.url, await createJoinToken(admin), { hostname, labels: { env: 'peers' } }));
  }
  // Every gateway knows every other before the tests start.
  await eventually(async () => (await store.db.selectFrom('gateway_peers').select('id').execute()).length === 3, 'three gateways registered');
  await eventually(async () => (await holderOf(agents[0]!.nodeId)) && (await holderOf(agents[1]!.nodeId)), 'both agents registered with a gateway');
});

afterAll(async () => {
  for (const { agent } of agents) await agent.stop();
  await balancer?.close();
  for (const g of gateways) await g.stop();
  await store?.close();
  await pgdb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test('a user signed in through one gateway opens a shell on an agent connected to another', async () => {
  for (const { nodeId } of agents) {
    const holder = (await holderOf(nodeId))!;
    const elsewhere = gateways.find((g) => g !== holder)!;
    const user = await loginAt(elsewhere.url, 'operator', password);
    const sid = await shellPrints(user, elsewhere.url, nodeId);
    // The session was recorded and audited like any other: its end event is in the shared log.
    await eventually(async () => (await allEvents()).some((e) => e.code === 'T2004I' && e.sid === sid), `the end of session ${sid}`);
  }
});

test('Active Sessions through one gateway lists a session held by another, joining it there works, and its recording plays from a third', async () => {
  const [holder, joinedThrough, player] = gateways;
  const owner = await loginAt(holder!.url, 'operator', password);
  const t = await TerminalClient.open(at(holder!.url), owner, { server_id: agents[1]!.nodeId, login, term: { w: 80, h: 24 } });
  t.type('echo owner-$((40+2))\r');
  await t.waitFor(/owner-42/);
  const session = t.controls.find((c) => c.type === 'session');
  const sid = session?.type === 'session' ? session.session.id : '';

  const joiner = await loginAt(joinedThrough!.url, 'operator', password);
  const listed = await eventually(async () => {
    const res = await joiner.get<{ sessions: { id: string; participantModes: string[] }[] }>('/v1/webapi/sites/localhost/sessions');
    return res.body.sessions.find((s) => s.id === sid);
  }, 'the session listed by another gateway');
  expect(listed.participantModes).toEqual(['observer', 'peer']);
  expect((await joiner.get(`/v1/webapi/sites/localhost/sessions/${sid}`)).status).toBe(200);

  const pairing = await TerminalClient.open(at(joinedThrough!.url), joiner, { server_id: agents[1]!.nodeId, login, sid, mode: 'peer', term: { w: 80, h: 24 } });
  await pairing.waitFor(/owner-42/);
  pairing.type('echo joined-$((2+3))\r');
  await t.waitFor(/joined-5/);
  t.type('exit\r');
  await t.closed;
  await pairing.closed;
  await eventually(async () => (await allEvents()).some((e) => e.code === 'T2001I' && e.sid === sid && e.participant_mode === 'peer'), 'the join audited');

  const reader = await loginAt(player!.url, 'operator', password);
  const summary = await eventually(async () => {
    const res = await reader.get<{ sid: string; complete: boolean; bytes: number }>(`/v1/webapi/sites/localhost/sessions/${sid}/recording`);
    return res.status === 200 && res.body.complete && res.body;
  }, 'the recording, complete, through a third gateway');
  expect(summary.bytes).toBeGreaterThan(0);
  await eventually(async () => {
    const res = await joiner.get<{ sessions: { id: string }[] }>('/v1/webapi/sites/localhost/sessions');
    return !res.body.sessions.some((s) => s.id === sid);
  }, 'the ended session gone from every list');
});

test('a lock made through one gateway ends a shell held by another at once', async () => {
  const [viaShell, viaLock] = gateways;
  const user = await loginAt(viaShell!.url, 'operator', password);
  const t = await TerminalClient.open(at(viaShell!.url), user, { server_id: agents[1]!.nodeId, login, term: { w: 80, h: 24 } });
  t.type('echo before-lock\r');
  await t.waitFor(/before-lock/);
  const admin = await loginAt(viaLock!.url, 'operator', password);
  const started = Date.now();
  await createLock(admin, { targets: { login }, message: 'maintenance by the peers test' });
  await t.closed;
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(t.errors()).toContain('maintenance by the peers test');
  await removeAllLocks(admin);
});

test('a gateway held up past three heartbeats, taken for gone by the others, joins again with the agents it holds', async () => {
  const stalled = (await holderOf(agents[1]!.nodeId))!;
  const rows = () => store.db.selectFrom('gateway_peers').select('addr').execute();
  stalled.child.kill('SIGSTOP');
  try {
    await eventually(async () => !(await rows()).some((r) => r.addr === stalled.url), 'the others to forget the stalled gateway');
    // Its agents' presence went with its row: through the others the node now looks offline.
    expect(await holderOf(agents[1]!.nodeId)).toBeUndefined();
  } finally {
    stalled.child.kill('SIGCONT');
  }
  await eventually(async () => (await rows()).some((r) => r.addr === stalled.url), 'the stalled gateway to register again');
  // Its agent never left it (the stall was shorter than the agent's keep-alive), so it is found there again and
  // reached through another gateway.
  expect(await eventually(() => holderOf(agents[1]!.nodeId), 'the agent held by the rejoined gateway again')).toBe(stalled);
  const elsewhere = gateways.find((g) => g !== stalled)!;
  await shellPrints(await loginAt(elsewhere.url, 'operator', password), elsewhere.url, agents[1]!.nodeId);
});

test('kill -9 of a gateway: its agents reconnect elsewhere within 10 s, its users go on through the others, no audit event is lost', async () => {
  const victim = (await holderOf(agents[0]!.nodeId))!;
  const victimsUser = await loginAt(victim.url, 'operator', password);
  const sid = await shellPrints(victimsUser, victim.url, agents[0]!.nodeId);
  await eventually(async () => (await allEvents()).some((e) => e.code === 'T2004I' && e.sid === sid), 'the end of the session before the kill');
  const before = await allEvents();

  await victim.kill9();
  const killed = Date.now();
  const successor = await eventually(() => holderOf(agents[0]!.nodeId), "the agent's tunnel on another gateway", 10_000);
  const reconnectMs = Date.now() - killed;
  expect(successor).not.toBe(victim);
  expect(reconnectMs).toBeLessThan(10_000);

  // The same browser, through the one address: its session lives in the database, not in the dead gateway.
  const same = sameSessionAt(victimsUser, balancer.url);
  for (let i = 0; i < 4; i++) {
    const nodes = await same.get<{ items: { hostname: string }[] }>('/v1/webapi/sites/localhost/nodes');
    expect(nodes.status).toBe(200);
  }
  await eventually(async () => {
    const nodes = await same.get<{ items: { hostname: string }[] }>('/v1/webapi/sites/localhost/nodes');
    return nodes.body.items.map((n) => n.hostname).sort().join() === 'peer-node-1,peer-node-2';
  }, 'both nodes listed again');
  const live = gateways.find((g) => g !== victim)!;
  await shellPrints(same, live.url, agents[0]!.nodeId);

  // Every event written before the kill is still there, in the same order.
  const after = await allEvents();
  expect(after.slice(0, before.length).map((e) => e.uid)).toEqual(before.map((e) => e.uid));
  expect(after.filter((e) => e.sid === sid).map((e) => e.code)).toEqual(before.filter((e) => e.sid === sid).map((e) => e.code));
});
