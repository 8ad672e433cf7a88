import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mysqlLogin } from '../../src/agent/databases/mysql';
import { startTls } from '../../src/agent/databases/connect';
import { databaseTarget } from '../../src/agent/tunnel/databases';
import { createCertificateAuthority, issueServerCertificate, loadCertificateAuthority } from '../../src/platform/x509/certificates';
import { eventsWithCode, joinToken } from '../apps/fixtures';
import { startGateway, type Client, type TestGateway } from '../harness';
import { freePort } from '../ports';
import { eventually } from '../servers/fixtures';
import { dbAdminRole, openConsole, startDatabaseAgent } from './fixtures';

jest.setTimeout(90_000);

const run = promisify(execFile);
/** MariaDB runs as root only when told to: as root, the test's server is. */
const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];

let dir: string;
let server: ChildProcess;
let port: number;
/** The private CA's certificate, which the agent is given to check the server with. */
let caFile: string;
let gw: TestGateway;
let user: Client & { name: string };
let stopAgent: () => Promise<void>;

/**
 * A real MariaDB of the test's own that refuses connections without TLS (require_secure_transport), its
 * certificate issued for 127.0.0.1 by a private CA, and an agent serving it under several URIs.
 */
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-mysql-tls-'));
  const data = path.join(dir, 'data');
  await run('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot]);
  const caPem = await createCertificateAuthority('portcullis test mariadb CA');
  const cert = await issueServerCertificate(await loadCertificateAuthority(caPem), ['127.0.0.1'], Date.now());
  caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, caPem.cert);
  writeFileSync(path.join(dir, 'server.pem'), cert.cert);
  writeFileSync(path.join(dir, 'server.key'), cert.key, { mode: 0o600 });
  port = await freePort();
  const socket = path.join(dir, 'mysqld.sock');
  server = spawn(
    'mariadbd',
    ['--no-defaults', `--datadir=${data}`, `--port=${port}`, '--bind-address=127.0.0.1', `--socket=${socket}`, `--pid-file=${path.join(dir, 'mysqld.pid')}`, ...asRoot, `--ssl-cert=${path.join(dir, 'server.pem')}`, `--ssl-key=${path.join(dir, 'server.key')}`, '--require-secure-transport=ON', '--skip-log-bin', '--innodb-buffer-pool-size=16M'],
    { stdio: 'ignore' },
  );
  await eventually(async () => {
    if (server.exitCode !== null) throw new Error(`mariadbd exited with code ${server.exitCode}`);
    return run('mariadb-admin', [`--socket=${socket}`, 'ping']).then(() => true, () => false);
  }, `mariadbd to start on port ${port}`);

  gw = await startGateway();
  await gw.createRole(dbAdminRole);
  user = await gw.signIn({ roles: ['db-admin'] });
  const { agent } = await startDatabaseAgent(gw.url, await joinToken(user), [
    { name: 'verified', uri: uri('127.0.0.1', `ssl-mode=VERIFY_IDENTITY&ssl-ca=${encodeURIComponent(caFile)}`) },
    { name: 'chain-only', uri: uri('localhost', `ssl-mode=VERIFY_CA&ssl-ca=${encodeURIComponent(caFile)}`) },
    { name: 'misnamed', uri: uri('localhost', `ssl-mode=VERIFY_IDENTITY&ssl-ca=${encodeURIComponent(caFile)}`) },
    { name: 'in-the-clear', uri: uri('127.0.0.1', '') },
  ]);
  stopAgent = () => agent.stop();
});

afterAll(async () => {
  await stopAgent?.();
  await gw?.close();
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const uri = (host: string, params: string) => `mysql://root@${host}:${port}/mysql${params && `?${params}`}`;

/** Runs `sql` in the browser's query console on `database`; answers its result message. */
async function query(database: string, sql: string) {
  const c = await openConsole(gw, user, database, { dbUser: 'root', dbName: 'mysql' });
  await eventually(async () => c.messages.find((m) => m.type === 'ready'), 'the ready message');
  const id = c.query(sql);
  const result = await eventually(async () => c.messages.find((m) => m.id === id), 'the reply');
  c.socket.close();
  await c.closed;
  return result;
}

const tlsVersion = "show status like 'Ssl_version'";

test('ssl-mode=VERIFY_IDENTITY reaches a MariaDB that refuses the clear, its certificate checked against ssl-ca', async () => {
  expect(await query('verified', tlsVersion)).toMatchObject({ type: 'result', rows: [['Ssl_version', 'TLSv1.3']] });
});

test('ssl-mode=VERIFY_CA checks the chain and not the name', async () => {
  expect(await query('chain-only', tlsVersion)).toMatchObject({ type: 'result', rows: [['Ssl_version', 'TLSv1.3']] });
});

test('a certificate not naming the host the URI names is not logged in to: the session is refused, audited', async () => {
  const c = await openConsole(gw, user, 'misnamed', { dbUser: 'root', dbName: 'mysql' });
  await c.closed;
  const reason = 'database misnamed is unreachable: its agent could not connect to it';
  expect(c.messages).toEqual([{ type: 'error', message: reason }]);
  expect((await eventsWithCode(gw, 'TDB00W')).filter((e) => e.db_service === 'misnamed').map((e) => e.error)).toEqual([reason]);
});

test('without ssl-mode the agent logs in in the clear, which this server refuses with its own reason', async () => {
  const c = await openConsole(gw, user, 'in-the-clear', { dbUser: 'root', dbName: 'mysql' });
  await c.closed;
  // The same user logs in over TLS above: MariaDB words require_secure_transport's refusal as a denial.
  expect(c.messages).toEqual([{ type: 'error', message: "database in-the-clear refused the login: Access denied for user 'root'@'localhost' (using password: NO)" }]);
});

test('a server with TLS off, and a URI asking for it, is not logged in to', async () => {
  const target = databaseTarget(`mysql://root@127.0.0.1:3306/test?ssl-mode=VERIFY_CA&ssl-ca=${encodeURIComponent(caFile)}`);
  const socket = net.connect(3306, '127.0.0.1');
  try {
    await expect(mysqlLogin(socket, { user: 'root', database: 'test', upstream: {}, startTls: (plain) => startTls(plain, target) })).rejects.toThrow(
      'the database does not take TLS (its have_ssl is not YES), and the URI asks for it',
    );
  } finally {
    socket.destroy();
  }
});
