import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { apiPaths, compilePath, listQueryPath, type DatabaseJson, type DatabaseStatementsJson, type JoinTokenJson } from '@portcullis/shared';
import { databaseJson } from '../wire';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { joinToken, eventsWithCode } from '../apps/fixtures';
import { createLock } from '../locks/fixtures';
import { eventually } from '../servers/fixtures';
import { cliArgs, profileHome, repoRoot } from '../cli';
import { encodeCommand } from '../../src/resources/databases/protocols/redis/resp';
import { dbAdminRole, dbDevRole, openConsole, realDatabases, startDatabaseAgent } from './fixtures';
import { exchange } from './redisExchange';

// Each run of the command line starts Node with tsx.
jest.setTimeout(120_000);

const run = promisify(execFile);

/** `portcullis …` as `client`, in a profile home of its own; answers its exit code and output. */
async function cli(gw: TestGateway, client: Client & { name: string }, args: string[]) {
  const home = profileHome(gw, client);
  try {
    const done = await run(process.execPath, [...cliArgs, ...args], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home, PGCONNECT_TIMEOUT: '20' } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    return { code: done.code, stdout: done.stdout, stderr: done.stderr };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const queries = async (gw: TestGateway, user: string) => (await eventsWithCode(gw, 'TDB02I')).filter((e) => e.user === user).map((e) => e.db_query);

describe.each(engines)('databases through the gateway on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let stop: () => Promise<void>;
  /** The labels the dev agent's join token gave its resources (the internal resource id discovery finds them by). */
  let tokenLabels: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    gw = await startGateway({ engine });
    await gw.createRole(dbDevRole);
    await gw.createRole(dbAdminRole);
    admin = await gw.signIn({ roles: ['db-admin'] });
    const token = await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'] });
    tokenLabels = Object.fromEntries((token.body.suggestedLabels ?? []).map((l) => [l.name, l.value]));
    const dev = await startDatabaseAgent(gw.url, token.body.id, realDatabases);
    // A second agent runs only a database service: it serves what the console enrols with env=enrolled.
    const service = await startDatabaseAgent(gw.url, await joinToken(admin), [], { hostname: 'db-service-host', labels: {}, matchers: { env: ['enrolled'] } });
    stop = async () => {
      children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
      await dev.agent.stop();
      await service.agent.stop();
    };
  });
  afterAll(async () => {
    await stop();
    await gw.close();
  });

  test('the list shows the three databases with their protocols, and the users and names the roles grant', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const res = await user.get<{ items: DatabaseJson[]; totalCount: number }>(listQueryPath(apiPaths.databases, { clusterId: 'localhost', limit: 10, sort: { fieldName: 'name', dir: 'ASC' } }));
    expect(res.status).toBe(200);
    const expected = (name: string, protocol: 'postgres' | 'mysql' | 'redis', uri: string, description?: string) =>
      databaseJson({ name, protocol, uri, labels: { env: 'dev', ...tokenLabels }, ...(description && { description }) }, { dbUsers: ['default', 'postgres', 'root'], dbNames: ['0', 'test'] });
    expect(res.body.items).toEqual([
      expected('cache', 'redis', 'redis://127.0.0.1:6379'),
      expected('maria', 'mysql', 'mysql://root@127.0.0.1:3306/test'),
      expected('pg', 'postgres', 'postgres://postgres@127.0.0.1:5432/test', 'the test PostgreSQL'),
    ]);
    expect(res.body.totalCount).toBe(3);
  });

  test('real psql runs a query through `portcullis db connect`, and the query is in the audit log with the session', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const out = await cli(gw, user, ['db', 'connect', 'pg', '--db-user', 'postgres', '--db-name', 'test', '--', '-At', '-c', 'select 40 + 2 as answer']);
    expect(out).toMatchObject({ code: 0, stdout: '42\n' });
    const ended = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.user === user.name), 'the session end event');
    const [started] = (await eventsWithCode(gw, 'TDB00I')).filter((e) => e.user === user.name);
    expect(started).toMatchObject({ db_service: 'pg', db_protocol: 'postgres', db_user: 'postgres', db_name: 'test', sid: ended.sid });
    expect(await queries(gw, user.name)).toEqual(['select 40 + 2 as answer']);
  });

  test('real mysql and redis-cli run through the gateway, each statement audited', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const maria = await cli(gw, user, ['db', 'connect', 'maria', '--db-user', 'root', '--db-name', 'test', '--', '-N', '-e', 'select 6 * 7']);
    expect(maria).toMatchObject({ code: 0, stdout: '42\n' });
    const key = `portcullis-test-${engine}-${Date.now()}`;
    const set = await cli(gw, user, ['db', 'connect', 'cache', '--db-user', 'default', '--', 'SET', key, 'v42']);
    expect(set).toMatchObject({ code: 0, stdout: 'OK\n' });
    const get = await cli(gw, user, ['db', 'connect', 'cache', '--db-user', 'default', '--', 'GET', key]);
    expect(get).toMatchObject({ code: 0, stdout: 'v42\n' });
    await cli(gw, user, ['db', 'connect', 'cache', '--db-user', 'default', '--', 'DEL', key]);
    // Statements are audited in batches written a moment after their answers.
    const seen = await eventually(async () => {
      const all = await queries(gw, user.name);
      return all.includes(`DEL ${key}`) ? all : undefined;
    }, 'the last statement in the audit log');
    expect(seen).toContain('select 6 * 7');
    expect(seen).toEqual(expect.arrayContaining([`SET ${key} v42`, `GET ${key}`, `DEL ${key}`]));
  });

  /** Runs `portcullis proxy db <database> <args>` as `user`, and `use` with the local port it listens on. */
  async function throughProxy(user: Client & { name: string }, database: string, args: string[], use: (port: number) => Promise<void>) {
    const home = profileHome(gw, user);
    try {
      const proxy = spawn(process.execPath, [...cliArgs, 'proxy', 'db', database, ...args, '--port', '0'], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home }, stdio: 'pipe' });
      children.push(proxy);
      let stdout = '';
      proxy.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
      const listening = new RegExp(`^Proxying database ${database} on 127\\.0\\.0\\.1:(\\d+)\\n`);
      const [, port] = await eventually(async () => listening.exec(stdout) ?? undefined, "the proxy's listening line", 30_000);
      await use(Number(port));
      proxy.kill('SIGTERM');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }

  test('`portcullis proxy db` serves any client of the database on a local port', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    await throughProxy(user, 'pg', [], async (port) => {
      const psql = await run('psql', [`host=127.0.0.1 port=${port} user=postgres dbname=test sslmode=disable`, '-At', '-c', 'select 1', '-c', 'select 2']);
      expect(psql.stdout).toBe('1\n2\n');
    });
  });

  test('Redis: a refused command pipelined among others is answered in its place, and discards its transaction, through `portcullis proxy db`', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const refused = 'ERR your roles do not allow database name "3" on database cache as "default" (db_names)';
    await throughProxy(user, 'cache', ['--db-user', 'default'], async (port) => {
      const [key, queued] = [`portcullis-test-${engine}-ordered-${Date.now()}`, `portcullis-test-${engine}-queued-${Date.now()}`];
      const value = 'v'.repeat(300_000);
      const replies = await exchange(
        port,
        Buffer.concat(
          [['SET', key, value], ['GET', key], ['SELECT', '3'], ['DEL', key], ['MULTI'], ['SELECT', '3'], ['SET', queued, 'x'], ['EXEC'], ['EXISTS', queued]].map((c) => encodeCommand(c)),
        ),
        9,
      );
      expect(replies).toEqual([
        { type: 'simple', text: 'OK' },
        { type: 'bulk', value: Buffer.from(value) },
        { type: 'error', text: refused },
        { type: 'integer', text: '1' },
        { type: 'simple', text: 'OK' },
        { type: 'error', text: refused },
        { type: 'simple', text: 'QUEUED' },
        { type: 'error', text: 'EXECABORT Transaction discarded because of previous errors: the gateway refused a command in it' },
        { type: 'integer', text: '0' },
      ]);
    });
  });

  test.each([
    ['a database user the roles do not grant', ['pg', '--db-user', 'nobody', '--db-name', 'test'], 'your roles do not allow database user "nobody" on database pg (db_users)'],
    ['a database name the roles do not grant', ['pg', '--db-user', 'postgres', '--db-name', 'secrets'], 'your roles do not allow database name "secrets" on database pg as "postgres" (db_names)'],
  ])('refuses %s with the reason, in psql and the audit log', async (_what, args, reason) => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const out = await cli(gw, user, ['db', 'connect', ...args, '--', '-c', 'select 1']);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(`access to database pg denied: ${reason}`);
    const denied = (await eventsWithCode(gw, 'TDB00W')).filter((e) => e.user === user.name);
    expect(denied).toEqual([expect.objectContaining({ db_service: 'pg', error: `access to database pg denied: ${reason}` })]);
    expect(await queries(gw, user.name)).toEqual([]);
  });

  test("a login the database refuses reaches the client with the database's own reason", async () => {
    const user = await gw.signIn({ roles: ['db-admin'] });
    const out = await cli(gw, user, ['db', 'connect', 'pg', '--db-user', 'no_such_role', '--db-name', 'test', '--', '-c', 'select 1']);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('database pg refused the login: role "no_such_role" does not exist');
  });

  test('MySQL: USE of a database the roles do not grant is refused inside the session and audited', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const out = await cli(gw, user, ['db', 'connect', 'maria', '--db-user', 'root', '--db-name', 'test', '--', '-N', '-e', 'use mysql; select 1']);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('your roles do not allow database name "mysql" on database maria as "root" (db_names)');
    // Refusals inside a session are audited with its statements, in batches written a moment later: the client
    // may have its answer and exit first.
    const refused = await eventually(async () => {
      const events = (await eventsWithCode(gw, 'TDB02W')).filter((e) => e.user === user.name);
      return events.length ? events : undefined;
    }, 'the refusal in the audit log');
    expect(refused).toEqual([expect.objectContaining({ db_service: 'maria', error: expect.stringContaining('(db_names)') })]);
  });

  test('the query console runs a statement, lists its session while open, and plays it back', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const c = await openConsole(gw, user, 'pg', { dbUser: 'postgres', dbName: 'test' });
    const ready = await eventually(async () => c.messages.find((m) => m.type === 'ready'), 'the ready message');
    expect(ready).toMatchObject({ type: 'ready', protocol: 'postgres', dbUser: 'postgres', dbName: 'test' });
    const id = c.query('select 1 as one, null as nothing');
    const result = await eventually(async () => c.messages.find((m) => m.id === id), 'the result');
    expect(result).toMatchObject({ type: 'result', columns: ['one', 'nothing'], rows: [['1', null]], command: 'SELECT 1', rowCount: 1 });
    const failed = c.query('select * from no_such_table');
    expect(await eventually(async () => c.messages.find((m) => m.id === failed), 'the error')).toEqual({ type: 'error', id: failed, message: 'relation "no_such_table" does not exist' });

    const sessions = await admin.get<{ sessions: Array<{ kind: string; id: string; database_name?: string; login?: string }> }>(compilePath(apiPaths.sessions, { clusterId: 'localhost' }));
    expect(sessions.body.sessions).toContainEqual(expect.objectContaining({ kind: 'db', id: ready.sid, database_name: 'pg', login: 'postgres' }));
    c.socket.close();
    await c.closed;
    const left = Date.now();
    await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.sid === ready.sid), 'the session end');
    // Ended as the client left, not after the gateway gave the database its 5 s to close.
    expect(Date.now() - left).toBeLessThan(2_500);

    const playback = await user.get<DatabaseStatementsJson>(compilePath(apiPaths.databaseStatements, { clusterId: 'localhost', sid: ready.sid as string }));
    expect(playback.status).toBe(200);
    expect(playback.body.session).toMatchObject({ sid: ready.sid, user: user.name, db_service: 'pg', db_user: 'postgres', db_name: 'test' });
    expect(playback.body.statements.map((s) => s.query)).toEqual(['select 1 as one, null as nothing', 'select * from no_such_table']);
    expect(playback.body.session.session_stop).toBeDefined();
  });

  test('a client speaking another protocol is refused with a clear error and audited, and the gateway carries on', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const home = profileHome(gw, user);
    try {
      const proxy = spawn(process.execPath, [...cliArgs, 'proxy', 'db', 'pg', '--port', '0'], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home }, stdio: 'pipe' });
      children.push(proxy);
      let stdout = '';
      proxy.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
      const [, port] = await eventually(async () => /127\.0\.0\.1:(\d+)\n/.exec(stdout) ?? undefined, "the proxy's listening line", 30_000);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let text = '';
        socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      expect(answer).toContain('PostgreSQL');
      const failure = await eventually(async () => (await eventsWithCode(gw, 'TDB00W')).find((e) => e.user === user.name), 'the refusal event');
      expect(failure).toMatchObject({ db_service: 'pg', error: expect.stringContaining('PostgreSQL') });
      const psql = await run('psql', [`host=127.0.0.1 port=${port} user=postgres dbname=test sslmode=disable`, '-At', '-c', 'select 3']);
      expect(psql.stdout).toBe('3\n');
      proxy.kill('SIGTERM');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('the query console refuses at once, audited, when the roles ask a second factor for every session', async () => {
    await gw.createRole(`kind: role\nmetadata: { name: db-mfa-${engine} }\nspec:\n  options: { require_session_mfa: true }\n`);
    const user = await gw.signIn({ roles: ['db-dev', `db-mfa-${engine}`] });
    const c = await openConsole(gw, user, 'pg', { dbUser: 'postgres', dbName: 'test' });
    await c.closed;
    const reason = 'your roles require a second factor for every session, which the query console cannot ask for yet: use portcullis db connect';
    expect(c.messages).toEqual([{ type: 'error', message: `access to database pg denied: ${reason}` }]);
    expect((await eventsWithCode(gw, 'TDB00W')).filter((e) => e.user === user.name)).toEqual([expect.objectContaining({ db_service: 'pg', error: reason })]);
  });

  test('a lock on the user ends an open console session with its message', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const locker = await gw.signIn({ roles: ['editor'] });
    const c = await openConsole(gw, user, 'pg', { dbUser: 'postgres', dbName: 'test' });
    await eventually(async () => c.messages.find((m) => m.type === 'ready'), 'the ready message');
    await createLock(locker, { targets: { user: user.name }, message: 'incident 9: stand by' });
    await c.closed;
    const end = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.user === user.name), 'the session end');
    expect(end.reason).toBe('incident 9: stand by');
  });

  test('signing out ends the console sessions that web session opened, audited with why; the same user signed in elsewhere keeps theirs', async () => {
    const { name, password } = await gw.createUser({ roles: ['db-dev'] });
    const [laptop, desktop] = [await gw.login(name, password), await gw.login(name, password)];
    const open = async (client: Client) => {
      const c = await openConsole(gw, client, 'pg', { dbUser: 'postgres', dbName: 'test' });
      return { c, ready: await eventually(async () => c.messages.find((m) => m.type === 'ready'), 'the ready message') };
    };
    const signedOut = await open(laptop);
    const kept = await open(desktop);
    expect((await laptop.del(apiPaths.webSession)).status).toBe(200);
    await signedOut.c.closed;
    const end = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.sid === signedOut.ready.sid), 'the session end');
    expect(end.reason).toBe('your web session ended (signed out, expired or the user was removed): sign in again');
    const id = kept.c.query('select 6 * 7 as answer');
    expect(await eventually(async () => kept.c.messages.find((m) => m.id === id), 'the result')).toMatchObject({ type: 'result', rows: [['42']] });
    kept.c.socket.close();
    await kept.c.closed;
  });

  test('a database enrolled from the console is served by the agent whose database service matches it', async () => {
    const created = await admin.post<DatabaseJson>(compilePath(apiPaths.databases, { clusterId: 'localhost' }), {
      name: 'enrolled-pg',
      protocol: 'postgres',
      uri: 'postgres://127.0.0.1:5432/test',
      labels: [{ name: 'env', value: 'enrolled' }],
      description: 'enrolled from the console',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual(databaseJson({ name: 'enrolled-pg', protocol: 'postgres', uri: 'postgres://127.0.0.1:5432/test', labels: { env: 'enrolled' }, description: 'enrolled from the console' }, { dbUsers: ['*'], dbNames: ['*'] }));
    expect((await eventsWithCode(gw, 'TDB03I')).map((e) => e.name)).toContain('enrolled-pg');
    const out = await cli(gw, admin, ['db', 'connect', 'enrolled-pg', '--db-user', 'postgres', '--db-name', 'test', '--', '-At', '-c', 'select 7']);
    expect(out).toMatchObject({ code: 0, stdout: '7\n' });
    const services = await admin.get<{ items: unknown[] }>(compilePath(apiPaths.databaseServices, { clusterId: 'localhost' }));
    expect(services.body.items).toEqual([{ name: 'db-service-host', resource_matchers: [{ labels: { env: ['enrolled'] } }] }]);
  });

  test.each([
    ['a password in the URI', { name: 'x1', uri: 'postgres://u:secret@127.0.0.1/test' }, 'the URI may not hold a password: agents log in with credentials of their own'],
    ['an unknown scheme', { name: 'x2', uri: 'mongodb://127.0.0.1' }, 'database URI "mongodb://127.0.0.1" must start with postgres://, mysql://, redis:// or rediss://'],
    // The agent would reach it in the clear while its author believed it encrypted.
    [
      'a parameter the agent does not honour',
      { name: 'x4', uri: 'postgres://127.0.0.1/test?sslmode=require' },
      `database URI "postgres://127.0.0.1/test?sslmode=require" has sslmode=require, which the agent does not honour: the server's certificate would not be checked; it takes sslmode=verify-full or verify-ca`,
    ],
    ['a protocol the URI contradicts', { name: 'x3', uri: 'redis://127.0.0.1', protocol: 'mysql' }, 'protocol mysql does not match the URI, which speaks redis'],
  ])('enrolling refuses %s with a 400 naming it', async (_what, body, message) => {
    const res = await admin.post<{ error: { message: string } }>(compilePath(apiPaths.databases, { clusterId: 'localhost' }), body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });
});
