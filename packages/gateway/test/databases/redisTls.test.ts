import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { eventsWithCode } from '../apps/fixtures';
import type { Client, TestGateway } from '../harness';
import { accepts, freePort } from '../ports';
import { eventually } from '../servers/fixtures';
import { openConsole } from './fixtures';
import { consoleRefusal, gatewayServing, serverCertificate } from './tlsFixtures';

jest.setTimeout(60_000);

let dir: string;
let redis: ChildProcess;
let gw: TestGateway;
let user: Client;
let close: () => Promise<void>;

/**
 * A real redis-server of the test's own that takes only TLS (no plain port), its certificate issued for
 * 127.0.0.1 by a private CA, and an agent serving it twice: with that CA (`cacert`), and without it, when only
 * the system's CAs vouch for servers.
 */
beforeAll(async () => {
  const files = await serverCertificate('redis');
  dir = files.dir;
  const port = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1', '--tls-cert-file', files.certFile, '--tls-key-file', files.keyFile, '--tls-ca-cert-file', files.caFile, '--tls-auth-clients', 'no', '--save', '', '--appendonly', 'no', '--dir', dir],
    { cwd: dir, stdio: 'ignore' },
  );
  await eventually(async () => {
    if (redis.exitCode !== null) throw new Error(`redis-server exited with code ${redis.exitCode}`);
    return accepts(port);
  }, `redis-server to take TLS on port ${port}`);
  ({ gw, user, close } = await gatewayServing([
    { name: 'secure', uri: `rediss://127.0.0.1:${port}?cacert=${encodeURIComponent(files.caFile)}` },
    { name: 'unvouched', uri: `rediss://127.0.0.1:${port}` },
  ]));
});

afterAll(async () => {
  await close?.();
  redis?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('rediss:// reaches a Redis that takes only TLS, its certificate checked against the cacert file', async () => {
  const c = await openConsole(gw, user, 'secure', { dbUser: 'default', dbName: '0' });
  const ready = await eventually(async () => c.messages.find((m) => m.type === 'ready'), 'the ready message');
  const set = c.query('SET portcullis-tls-test over-tls');
  expect(await eventually(async () => c.messages.find((m) => m.id === set), 'the SET reply')).toMatchObject({ type: 'result', rows: [['OK']] });
  const get = c.query('GET portcullis-tls-test');
  expect(await eventually(async () => c.messages.find((m) => m.id === get), 'the GET reply')).toMatchObject({ type: 'result', rows: [['over-tls']] });
  // Statements are audited in batches written a moment after their answers.
  const queries = await eventually(async () => {
    const seen = (await eventsWithCode(gw, 'TDB02I')).filter((e) => e.db_service === 'secure').map((e) => [e.sid, e.db_query]);
    return seen.length >= 2 ? seen : undefined;
  }, 'both statements in the audit log');
  // The console is ready once the session has started, so it names the session its statements are audited under.
  expect(queries).toEqual([
    [ready.sid, 'SET portcullis-tls-test over-tls'],
    [ready.sid, 'GET portcullis-tls-test'],
  ]);
  expect(ready.sid).toMatch(/^[0-9a-f-]{36}$/);
  c.socket.close();
  await c.closed;
});

test('a server whose certificate the agent cannot verify is not logged in to: the session is refused, audited', async () => {
  const reason = 'database unvouched is unreachable: its agent could not connect to it';
  expect(await consoleRefusal(gw, user, 'unvouched', { dbUser: 'default', dbName: '0' })).toEqual({ told: [{ type: 'error', message: reason }], audited: [reason] });
});
