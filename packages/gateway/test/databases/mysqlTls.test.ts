import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTls } from '../../src/agent/databases/connect';
import { mysqlLogin } from '../../src/agent/databases/mysql';
import { databaseTarget } from '../../src/agent/tunnel/databases';
import type { Client, TestGateway } from '../harness';
import { freePort } from '../ports';
import { eventually } from '../servers/fixtures';
import { consoleQuery, consoleRefusal, gatewayServing, serverCertificate } from './tlsFixtures';

jest.setTimeout(90_000);

const run = promisify(execFile);
/** MariaDB runs as root only when told to: as root, the test's server does. */
const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];

let dir: string;
let server: ChildProcess;
let port: number;
/** The private CA's certificate, which the agent is given to check the server with. */
let caFile: string;
let gw: TestGateway;
let user: Client;
let close: () => Promise<void>;

/**
 * A real MariaDB of the test's own that refuses connections without TLS (require_secure_transport), its
 * certificate issued for 127.0.0.1 by a private CA, and an agent serving it under several URIs.
 */
beforeAll(async () => {
  const files = await serverCertificate('mariadb');
  ({ dir, caFile } = files);
  const data = path.join(dir, 'data');
  await run('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot]);
  port = await freePort();
  const socket = path.join(dir, 'mysqld.sock');
  server = spawn(
    'mariadbd',
    ['--no-defaults', `--datadir=${data}`, `--port=${port}`, '--bind-address=127.0.0.1', `--socket=${socket}`, `--pid-file=${path.join(dir, 'mysqld.pid')}`, ...asRoot, `--ssl-cert=${files.certFile}`, `--ssl-key=${files.keyFile}`, '--require-secure-transport=ON', '--skip-log-bin', '--innodb-buffer-pool-size=16M'],
    { stdio: 'ignore' },
  );
  await eventually(async () => {
    if (server.exitCode !== null) throw new Error(`mariadbd exited with code ${server.exitCode}`);
    return run('mariadb-admin', [`--socket=${socket}`, 'ping']).then(() => true, () => false);
  }, `mariadbd to start on port ${port}`);
  ({ gw, user, close } = await gatewayServing([
    { name: 'verified', uri: uri('127.0.0.1', `ssl-mode=VERIFY_IDENTITY&ssl-ca=${encodeURIComponent(caFile)}`) },
    { name: 'chain-only', uri: uri('localhost', `ssl-mode=VERIFY_CA&ssl-ca=${encodeURIComponent(caFile)}`) },
    { name: 'misnamed', uri: uri('localhost', `ssl-mode=VERIFY_IDENTITY&ssl-ca=${encodeURIComponent(caFile)}`) },
    { name: 'in-the-clear', uri: uri('127.0.0.1', '') },
  ]));
});

afterAll(async () => {
  await close?.();
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const uri = (host: string, params: string) => `mysql://root@${host}:${port}/mysql${params && `?${params}`}`;
const who = { dbUser: 'root', dbName: 'mysql' };

const tlsVersion = "show status like 'Ssl_version'";

test('ssl-mode=VERIFY_IDENTITY reaches a MariaDB that refuses the clear, its certificate checked against ssl-ca', async () => {
  expect(await consoleQuery(gw, user, 'verified', who, tlsVersion)).toMatchObject({ type: 'result', rows: [['Ssl_version', 'TLSv1.3']] });
});

test('ssl-mode=VERIFY_CA checks the chain and not the name', async () => {
  expect(await consoleQuery(gw, user, 'chain-only', who, tlsVersion)).toMatchObject({ type: 'result', rows: [['Ssl_version', 'TLSv1.3']] });
});

test('a certificate not naming the host the URI names is not logged in to: the session is refused, audited', async () => {
  const reason = 'database misnamed is unreachable: its agent could not connect to it';
  expect(await consoleRefusal(gw, user, 'misnamed', who)).toEqual({ told: [{ type: 'error', message: reason }], audited: [reason] });
});

test('without ssl-mode the agent logs in in the clear, which this server refuses with its own reason', async () => {
  // The same user logs in over TLS above: MariaDB words require_secure_transport's refusal as a denial.
  const reason = "database in-the-clear refused the login: Access denied for user 'root'@'localhost' (using password: NO)";
  expect(await consoleRefusal(gw, user, 'in-the-clear', who)).toEqual({ told: [{ type: 'error', message: reason }], audited: [reason] });
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
