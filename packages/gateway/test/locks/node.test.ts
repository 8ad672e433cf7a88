import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { createJoinToken, operatorRole, startAgent, TerminalClient } from '../servers/fixtures';
import { createLock, lockPath, removeAllLocks } from './fixtures';

// A real agent and login shells (root's profile starts slowly): more than jest's default 5 s.
jest.setTimeout(60_000);

describe.each(engines)('a lock on a node, on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let agent: Awaited<ReturnType<typeof startAgent>>;

  beforeAll(async () => {
    gw = await startGateway({ engine });
    await gw.createRole(operatorRole);
    admin = await gw.signIn({ roles: ['servers-operator', 'editor'] });
    agent = await startAgent(gw.url, await createJoinToken(admin), { hostname: 'lockable-node' });
  });
  afterEach(() => removeAllLocks(admin));
  afterAll(async () => {
    await agent.agent.stop();
    await gw.close();
  });

  const shell = async () => {
    const t = await TerminalClient.open(gw, admin, { server_id: agent.nodeId, login: 'root', term: { w: 80, h: 24 } });
    t.type('echo shell-$((40+2))\r');
    await t.waitFor(/shell-42/);
    return t;
  };

  it('ends the shells on the node within a second, refuses new ones by id or by name, and lets them open once removed', async () => {
    const t = await shell();
    const locked = Date.now();
    const byId = await createLock(admin, { targets: { node: agent.nodeId }, message: 'node under maintenance' });
    await t.closed;
    expect(Date.now() - locked).toBeLessThan(1000);
    expect(t.errors()).toEqual(['node under maintenance']);

    const refused = await TerminalClient.open(gw, admin, { server_id: agent.nodeId, login: 'root', term: { w: 80, h: 24 } });
    await refused.closed;
    expect(refused.errors()).toEqual(['access denied to root@lockable-node: node under maintenance']);

    await admin.del(lockPath(byId.name));
    await createLock(admin, { targets: { node: 'lockable-node' } });
    const byName = await TerminalClient.open(gw, admin, { server_id: agent.nodeId, login: 'root', term: { w: 80, h: 24 } });
    await byName.closed;
    expect(byName.errors()).toEqual(['access denied to root@lockable-node: node lockable-node is locked']);

    await removeAllLocks(admin);
    const reopened = await shell();
    reopened.close();
    await reopened.closed;
  });
});
