import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent } from '../../src/agent/agent';
import type { AgentApp } from '../../src/agent/apps';
import type { Resources } from '../../src/resources/register';
import { startGateway, type Client, type TestGateway } from '../harness';
import type { Engine } from '../../src/platform/storage/engine';

/** Sees and opens every app, and makes join tokens. */
export const appsAdminRole = `
kind: role
metadata: { name: apps-admin }
spec:
  allow:
    app_labels: { '*': '*' }
    rules:
      - { resources: [app_server], verbs: [list, read] }
      - { resources: [token], verbs: [list, read, create, delete] }
      - { resources: [event], verbs: [list, read] }
`;

/** Sees and opens only the apps labelled env=dev. */
export const appsDevRole = `
kind: role
metadata: { name: apps-dev }
spec:
  allow:
    app_labels: { env: dev }
    rules:
      - { resources: [app_server], verbs: [list, read] }
`;

/** A gateway with the app roles, an administrator of apps, and the resources its modules registered with (for dialApp). */
export async function startAppsGateway(engine: Engine = 'sqlite'): Promise<{ gw: TestGateway; admin: Client & { name: string }; resources: Resources; port: number }> {
  let resources: Resources | undefined;
  const gw = await startGateway({ engine, resources: { modules: [(r) => void (resources = r)] } });
  await gw.createRole(appsAdminRole);
  await gw.createRole(appsDevRole);
  const admin = await gw.signIn({ roles: ['apps-admin'] });
  return { gw, admin, resources: resources!, port: Number(new URL(gw.url).port) };
}

export async function joinToken(admin: Client): Promise<string> {
  const res = await admin.post<{ id: string }>('/v1/webapi/token', { roles: ['Node'] });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** Runs an agent serving `apps` beside its node, labelled `labels`; resolves once connected, with the id of each app. */
export async function startAppAgent(url: string, token: string, apps: AgentApp[], opts: { labels?: Record<string, string>; hostname?: string; dataDir?: string } = {}) {
  const agent = new Agent({
    gateway: url,
    token,
    dataDir: opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portcullis-app-agent-')),
    labels: opts.labels ?? { env: 'dev' },
    commandLabels: {},
    apps,
    hostname: opts.hostname ?? 'app-host',
    backoff: { first: 100, max: 500 },
    log: () => undefined,
  });
  const connected = new Promise<Record<string, string>>((resolve) =>
    agent.once('connected', ({ resources }) => resolve(Object.fromEntries(resources.filter((r) => r.kind === 'app').map((r) => [r.name, r.id])))),
  );
  await agent.start();
  return { agent, appIds: await connected };
}

/** A TCP server that echoes what it reads and ends when its client ends. */
export async function startEchoServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    s.pipe(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A local port nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Audit events with `code`, oldest first. */
export async function eventsWithCode(gw: TestGateway, code: string): Promise<Record<string, unknown>[]> {
  const { events } = await gw.server.store.events.search({ from: 0, to: Date.now() + 86_400_000, limit: 1000, order: 'asc', types: undefined });
  return events.map((e) => e.data).filter((e) => e.code === code);
}
