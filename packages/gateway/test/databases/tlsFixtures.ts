import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentDatabase } from '../../src/agent/databases';
import { createCertificateAuthority, issueServerCertificate, loadCertificateAuthority } from '../../src/platform/x509/certificates';
import { eventsWithCode, joinToken } from '../apps/fixtures';
import { startGateway, type Client, type TestGateway } from '../harness';
import { eventually } from '../servers/fixtures';
import { dbAdminRole, openConsole, startDatabaseAgent } from './fixtures';

/** A directory of its own for a database server a test starts, with a private CA and the server's certificate for 127.0.0.1 in it. */
export async function serverCertificate(what: string): Promise<{ dir: string; caFile: string; certFile: string; keyFile: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `portcullis-${what}-tls-`));
  const caPem = await createCertificateAuthority(`portcullis test ${what} CA`);
  const server = await issueServerCertificate(await loadCertificateAuthority(caPem), ['127.0.0.1'], Date.now());
  const files = { dir, caFile: path.join(dir, 'ca.pem'), certFile: path.join(dir, 'server.pem'), keyFile: path.join(dir, 'server.key') };
  writeFileSync(files.caFile, caPem.cert);
  writeFileSync(files.certFile, server.cert);
  writeFileSync(files.keyFile, server.key, { mode: 0o600 });
  return files;
}

/** A gateway, a user who may reach every database as anyone, and an agent serving `databases`. */
export async function gatewayServing(databases: AgentDatabase[]): Promise<{ gw: TestGateway; user: Client & { name: string }; close(): Promise<void> }> {
  const gw = await startGateway();
  await gw.createRole(dbAdminRole);
  const user = await gw.signIn({ roles: ['db-admin'] });
  const { agent } = await startDatabaseAgent(gw.url, await joinToken(user), databases);
  return {
    gw,
    user,
    close: async () => {
      await agent.stop();
      await gw.close();
    },
  };
}

type Who = { dbUser: string; dbName: string };

/** Runs `sql` in the browser's query console on `database`; answers its result message. */
export async function consoleQuery(gw: TestGateway, user: Client, database: string, who: Who, sql: string): Promise<Record<string, unknown>> {
  const c = await openConsole(gw, user, database, who);
  await eventually(async () => c.messages.find((m) => m.type === 'ready'), 'the ready message');
  const id = c.query(sql);
  const result = await eventually(async () => c.messages.find((m) => m.id === id), 'the reply');
  c.socket.close();
  await c.closed;
  return result;
}

/** Opens the console on `database` and waits for it to close: what the user was told, and the refusals the audit log has for it. */
export async function consoleRefusal(gw: TestGateway, user: Client, database: string, who: Who): Promise<{ told: Array<Record<string, unknown>>; audited: unknown[] }> {
  const c = await openConsole(gw, user, database, who);
  await c.closed;
  return { told: c.messages, audited: (await eventsWithCode(gw, 'TDB00W')).filter((e) => e.db_service === database).map((e) => e.error) };
}
