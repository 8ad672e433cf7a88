import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/platform/config/config';
import { createGateway } from '../../src/platform/server/app';
import { Agent } from '../../src/agent/agent';
import { nodeRepo } from '../../src/resources/nodes/repo';
import { JoinTokenService } from '../../src/management/tokens/service';
import { portOutsideEphemeralRange, testPasswordHashing, type Client } from '../harness';
import { auditEvents, createJoinToken, eventually, nodeOf, startAgent, startServersGateway } from './fixtures';

// Real sshd, agents and login shells (root's profile here starts slowly): more than jest's default 5 s.
jest.setTimeout(60_000);

type NodeList = { items: { id: string; hostname: string; tunnel: boolean; tags: { name: string; value: string }[] }[] };
const listed = async (client: Client, id: string) => (await client.get<NodeList>('/v1/webapi/sites/localhost/nodes')).body.items.find((n) => n.id === id);

describe('the agent', () => {
  test('joins with a token, registers its host with static and command labels, then uses its issued identity', async () => {
    const { gw, admin } = await startServersGateway();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-agent-'));
    try {
      const token = await createJoinToken(admin);
      const { agent, nodeId } = await startAgent(gw.url, token, { hostname: 'agent-one', dataDir, labels: { env: 'test', rack: 'r1' } });
      const node = await listed(admin, nodeId);
      // Its address is the one it reaches the gateway from (loopback here), not the first interface listed.
      expect(node).toMatchObject({ hostname: 'agent-one', tunnel: true, addr: '127.0.0.1' });
      expect(node!.tags).toEqual(
        expect.arrayContaining([
          { name: 'env', value: 'test' },
          { name: 'rack', value: 'r1' },
          { name: 'kernel', value: 'Linux' },
          { name: 'portcullis.internal/resource-id', value: expect.stringMatching(/^[0-9a-f-]{36}$/) },
        ]),
      );
      // The agent's identity is its own; the node it serves has an id of its own.
      const identity = JSON.parse(readFileSync(path.join(dataDir, 'identity.json'), 'utf8')) as { agentId: string; secret: string };
      expect(identity.agentId).toBe(agent.agentId);
      expect(identity.agentId).not.toBe(nodeId);
      expect(identity.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await agent.stop();

      // The token is gone; the identity alone brings the same node back.
      const tokens = await admin.get<{ items: { id: string }[] }>('/v1/webapi/tokens');
      for (const t of tokens.body.items) expect((await admin.del(`/v1/webapi/tokens/${t.id}`)).status).toBe(200);
      const again = new Agent({ gateway: gw.url, dataDir, labels: { env: 'test' }, commandLabels: {}, hostname: 'agent-one', log: () => undefined });
      const back = new Promise<string>((resolve) => again.once('connected', ({ resources }) => resolve(nodeOf(resources))));
      await again.start();
      expect(await back).toBe(nodeId);
      await again.stop();

      expect((await auditEvents(gw)).filter((e) => e.code === 'TJ002I').map((e) => e.node_name)).toEqual(['agent-one']);
    } finally {
      await gw.close();
    }
  });

  test('an invalid join token is refused, audited, and the agent gives up', async () => {
    const { gw } = await startServersGateway();
    try {
      const agent = new Agent({ gateway: gw.url, token: 'f'.repeat(32), dataDir: mkdtempSync(path.join(os.tmpdir(), 'portcullis-agent-')), labels: {}, commandLabels: {}, hostname: 'intruder', log: () => undefined });
      const rejected = new Promise<string>((resolve) => agent.once('rejected', resolve));
      await agent.start();
      expect(await rejected).toBe('invalid or expired join token');
      expect(await auditEvents(gw)).toContainEqual(expect.objectContaining({ code: 'TJ002W', node_name: 'intruder', error: 'invalid or expired join token' }));
    } finally {
      await gw.close();
    }
  });

  test("a stopped agent's node leaves the list", async () => {
    const { gw, admin } = await startServersGateway();
    try {
      const { agent, nodeId } = await startAgent(gw.url, await createJoinToken(admin));
      expect(await listed(admin, nodeId)).toBeDefined();
      await agent.stop();
      await eventually(async () => !(await listed(admin, nodeId)), 'the node to leave the list');
    } finally {
      await gw.close();
    }
  });

  test('comes back by itself after the gateway restarts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-restart-'));
    const config = parseConfig({ listen: '127.0.0.1:0', kubernetes: { listen: '127.0.0.1:0' }, databases: { listen: '127.0.0.1:0' }, dataDir, logLevel: 'silent', auth: { passwordHashing: testPasswordHashing } });
    const first = await createGateway(config);
    const port = await portOutsideEphemeralRange();
    await first.listen('127.0.0.1', port);
    const url = `http://127.0.0.1:${port}`;
    const token = (await new JoinTokenService(first.store, Date.now).create('test', { roles: ['Node'], join_method: 'token' })).value;
    const { agent, nodeId } = await startAgent(url, token, { dataDir: mkdtempSync(path.join(os.tmpdir(), 'portcullis-agent-')) });
    const reconnected = new Promise<string>((resolve) => agent.once('disconnected', () => agent.once('connected', ({ resources }) => resolve(nodeOf(resources)))));
    await first.close();

    const second = await createGateway(config);
    try {
      await second.listen('127.0.0.1', port);
      expect(await reconnected).toBe(nodeId);
      const node = await nodeRepo(second.store).get(nodeId);
      expect(node!.expiresAt).toBeGreaterThan(Date.now());
    } finally {
      await agent.stop();
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
