import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compilePath, queryString, websocketPaths } from '@portcullis/shared';
import WebSocket from 'ws';
import { Agent, type AgentOptions } from '../../src/agent/agent';
import type { AgentDatabase } from '../../src/agent/databases';
import type { Client, TestGateway } from '../harness';

/** The machine's real databases, as an agent beside them reaches them (PostgreSQL and MariaDB trust 127.0.0.1). */
export const realDatabases: AgentDatabase[] = [
  { name: 'pg', uri: 'postgres://postgres@127.0.0.1:5432/test', description: 'the test PostgreSQL' },
  { name: 'maria', uri: 'mysql://root@127.0.0.1:3306/test' },
  { name: 'cache', uri: 'redis://127.0.0.1:6379' },
];

/** Reaches the env=dev databases as postgres, root or default on test and Redis's database 0, and reads recordings. */
export const dbDevRole = `
kind: role
metadata: { name: db-dev }
spec:
  allow:
    db_labels: { env: dev }
    db_users: [postgres, root, default]
    db_names: [test, '0']
    rules:
      - { resources: [db_server], verbs: [list, read] }
      - { resources: [db], verbs: [list, read] }
      - { resources: [session], verbs: [list, read] }
`;

/** Enrols databases from the console and hands out join tokens. */
export const dbAdminRole = `
kind: role
metadata: { name: db-admin }
spec:
  allow:
    db_labels: { '*': '*' }
    db_users: ['*']
    db_names: ['*']
    rules:
      - { resources: [db_server, db], verbs: ['*'] }
      - { resources: [token], verbs: [list, read, create, delete] }
      - { resources: [event, session, session_tracker], verbs: [list, read] }
`;

/** Runs an agent serving `databases` (and, with `matchers`, a database service); resolves once connected, with each database's id. */
export async function startDatabaseAgent(url: string, token: string, databases: AgentDatabase[], opts: { labels?: Record<string, string>; hostname?: string; matchers?: AgentOptions['databaseMatchers'] } = {}) {
  const agent = new Agent({
    gateway: url,
    token,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'portcullis-db-agent-')),
    labels: opts.labels ?? { env: 'dev' },
    commandLabels: {},
    databases,
    ...(opts.matchers && { databaseMatchers: opts.matchers }),
    hostname: opts.hostname ?? 'db-host',
    backoff: { first: 100, max: 500 },
    log: () => undefined,
  });
  const connected = new Promise<Record<string, string>>((resolve) =>
    agent.once('connected', ({ resources }) => resolve(Object.fromEntries(resources.filter((r) => r.kind === 'db').map((r) => [r.name, r.id])))),
  );
  await agent.start();
  return { agent, ids: await connected };
}

/** The browser's query console on `database`, as the console opens it: every JSON message it receives, in order. */
export async function openConsole(gw: TestGateway, client: Client, database: string, who: { dbUser: string; dbName: string }) {
  const url =
    gw.url.replace(/^http/, 'ws') +
    compilePath(websocketPaths.databaseConsole, { clusterId: 'localhost', database }) +
    queryString({ access_token: client.session!.token, db_user: who.dbUser, db_name: who.dbName });
  const socket = new WebSocket(url, { headers: { cookie: client.cookieHeader() } });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  return {
    socket,
    messages,
    closed,
    /** Sends a statement; its answer is the message naming its id. */
    query(text: string): number {
      socket.send(JSON.stringify({ type: 'query', id: ++id, query: text }));
      return id;
    },
  };
}
