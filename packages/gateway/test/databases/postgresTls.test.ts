import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectDatabase } from '../../src/agent/databases/connect';
import { databaseTarget } from '../../src/agent/tunnel/databases';
import type { Client, TestGateway } from '../harness';
import { freePort } from '../ports';
import { eventually } from '../servers/fixtures';
import { consoleQuery, consoleRefusal, gatewayServing, serverCertificate } from './tlsFixtures';

jest.setTimeout(90_000);

const run = promisify(execFile);
const bin = (name: string) => path.join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin', name);
/** PostgreSQL refuses to run as root: as root, the test runs its server as the postgres user. */
const asServerUser = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

let dir: string;
let server: ChildProcess;
let port: number;
/** The private CA's certificate, which the agent is given to check the server with. */
let caFile: string;
let gw: TestGateway;
let user: Client;
let close: () => Promise<void>;

/**
 * A real PostgreSQL of the test's own that takes only TLS connections (pg_hba has hostssl lines alone), its
 * certificate issued for 127.0.0.1 by a private CA, and an agent serving it under several URIs.
 */
beforeAll(async () => {
  const files = await serverCertificate('postgres');
  ({ dir, caFile } = files);
  if (process.getuid?.() === 0) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    chownSync(dir, Number(uid.stdout), Number(gid.stdout));
  }
  const data = path.join(dir, 'data');
  await run(...asServerUser(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-N']));
  writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhostssl all all 127.0.0.1/32 trust\n');
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir]);
  port = await freePort();
  server = spawn(
    ...asServerUser(bin('postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'ssl=on', '-c', `ssl_cert_file=${files.certFile}`, '-c', `ssl_key_file=${files.keyFile}`, '-c', 'fsync=off']),
    { stdio: 'ignore' },
  );
  await eventually(async () => {
    if (server.exitCode !== null) throw new Error(`postgres exited with code ${server.exitCode}`);
    return run(bin('pg_isready'), ['-h', dir, '-p', String(port)]).then(() => true, () => false);
  }, `postgres to start on port ${port}`);
  ({ gw, user, close } = await gatewayServing([
    { name: 'verified', uri: uri('127.0.0.1', `sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`) },
    { name: 'chain-only', uri: uri('localhost', `sslmode=verify-ca&sslrootcert=${encodeURIComponent(caFile)}`) },
    { name: 'misnamed', uri: uri('localhost', `sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`) },
    { name: 'unvouched', uri: uri('127.0.0.1', 'sslmode=verify-full') },
  ]));
});

afterAll(async () => {
  await close?.();
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const uri = (host: string, params: string) => `postgres://postgres@${host}:${port}/postgres?${params}`;
const who = { dbUser: 'postgres', dbName: 'postgres' };

const overTls = 'select ssl from pg_stat_ssl where pid = pg_backend_pid()';

test('sslmode=verify-full reaches a PostgreSQL that takes only TLS, its certificate checked against sslrootcert', async () => {
  expect(await consoleQuery(gw, user, 'verified', who, overTls)).toMatchObject({ type: 'result', rows: [['t']] });
});

test('sslmode=verify-ca checks the chain and not the name', async () => {
  expect(await consoleQuery(gw, user, 'chain-only', who, overTls)).toMatchObject({ type: 'result', rows: [['t']] });
});

test.each([
  ['a certificate not naming the host the URI names', 'misnamed'],
  ['a certificate no CA the agent trusts vouches for', 'unvouched'],
])('a server with %s is not logged in to: the session is refused, audited', async (_what, database) => {
  const reason = `database ${database} is unreachable: its agent could not connect to it`;
  expect(await consoleRefusal(gw, user, database, who)).toEqual({ told: [{ type: 'error', message: reason }], audited: [reason] });
});

describe('what the agent tells its log', () => {
  const connect = (u: string) => connectDatabase(databaseTarget(u), 10_000).then((s) => s.destroy());

  test('a certificate that does not name the host', async () => {
    await expect(connect(uri('localhost', `sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`))).rejects.toThrow(
      "Hostname/IP does not match certificate's altnames: Host: localhost. is not cert's CN: 127.0.0.1",
    );
  });

  test('a certificate that does not chain to a CA the agent trusts', async () => {
    await expect(connect(uri('127.0.0.1', 'sslmode=verify-full'))).rejects.toThrow('unable to verify the first certificate');
  });

  test('a server with TLS off, and a URI asking for it', async () => {
    await expect(connect(`postgres://postgres@127.0.0.1:5432/test?sslmode=verify-ca&sslrootcert=${encodeURIComponent(caFile)}`)).rejects.toThrow(
      'the database does not take TLS (its ssl setting is off), and the URI asks for it',
    );
  });

  test('a server that is not PostgreSQL (MariaDB greets first)', async () => {
    await expect(connect('postgres://127.0.0.1:3306/x?sslmode=verify-full')).rejects.toThrow('the database did not answer the request for TLS as PostgreSQL does');
  });

  /** A TCP server that answers the SSLRequest with `answer`, or hangs up on it: what sits on a path, not PostgreSQL. */
  async function answering(answer: string | undefined, use: (port: number) => Promise<void>) {
    const stranger = net.createServer((s) => s.once('data', () => (answer === undefined ? s.end() : s.write(answer))));
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    try {
      await use((stranger.address() as net.AddressInfo).port);
    } finally {
      stranger.close();
    }
  }

  test.each([
    ['agrees to TLS and sends bytes in the clear after its S', 'SX', 'the database sent bytes in the clear after agreeing to TLS'],
    ['hangs up on the request', undefined, 'the database closed the connection when asked for TLS'],
  ])('a server that %s', async (_what, answer, message) => {
    await answering(answer, (p) => expect(connect(`postgres://127.0.0.1:${p}/x?sslmode=verify-full`)).rejects.toThrow(message));
  });

  test('a server that agrees to TLS and never starts it times out, reported as such', async () => {
    await answering('S', (p) => expect(connectDatabase(databaseTarget(`postgres://127.0.0.1:${p}/x?sslmode=verify-full`), 300)).rejects.toThrow(`connecting to 127.0.0.1:${p} timed out after 0.3 s`));
  });

  test('a CA file that cannot be read, before anything connects', async () => {
    await expect(connect(uri('127.0.0.1', 'sslmode=verify-full&sslrootcert=/nonexistent/ca.pem'))).rejects.toThrow("ENOENT: no such file or directory, open '/nonexistent/ca.pem'");
  });
});
