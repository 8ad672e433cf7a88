/**
 * The database listener: real psql (and redis-cli) straight to the gateway over TLS with a client certificate
 * from /sign/db, then through the agent to the machine's real databases, with the same checks and audit as the
 * websocket path; and every way a connection or a certificate request is refused.
 */
import { execFile } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPaths, compilePath, type JoinTokenJson } from '@portcullis/shared';
import { hashSecret } from '../../src/management/websessions/secrets';
import { DatabaseCertificateAuthority } from '../../src/resources/databases/certificates/authority';
import { databaseCertificateMaxTtlMs } from '../../src/resources/databases/schemas';
import { eventsWithCode } from '../apps/fixtures';
import { cliArgs, profileHome, repoRoot } from '../cli';
import { parseConfig } from '../../src/platform/config/config';
import { createGateway } from '../../src/platform/server/app';
import { engines, startGateway, testPasswordHashing, type Client, type TestGateway } from '../harness';
import { createLock } from '../locks/fixtures';
import { eventually } from '../servers/fixtures';
import { certificateFor, certificateWithoutWebSession, newClientKey, pgClientAt, psqlAt, signDatabaseCertificate, verifyFull, writeCredentials } from './certificateFixtures';
import { dbAdminRole, dbDevRole, realDatabases, startDatabaseAgent } from './fixtures';

jest.setTimeout(60_000);

const run = promisify(execFile);

const howTo = 'connect with sslmode=verify-full and the certificate from portcullis db login';

/** What a certificate is refused with, and its open sessions end with, once the web session it was signed under has ended. */
const sessionEnded = 'the web session your database certificate was signed under has ended (signed out or expired): run portcullis login, then portcullis db login again';

const refusals = async (gw: TestGateway, user: string) => (await eventsWithCode(gw, 'TDB00W')).filter((e) => e.user === user).map((e) => e.error);

describe.each(engines)('the database listener on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let stop: () => Promise<void>;

  beforeAll(async () => {
    gw = await startGateway({ engine });
    await gw.createRole(dbDevRole);
    await gw.createRole(dbAdminRole);
    await gw.createRole('kind: role\nmetadata: { name: db-prod }\nspec:\n  allow:\n    db_labels: { env: prod }\n    rules: [{ resources: [db], verbs: [read] }]\n');
    admin = await gw.signIn({ roles: ['db-admin', 'editor'] });
    const token = await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'] });
    const { agent } = await startDatabaseAgent(gw.url, token.body.id, realDatabases);
    stop = () => agent.stop();
  });
  afterAll(async () => {
    await stop();
    await gw.close();
  });

  test('real psql runs a query through the listener with a certificate from /sign/db, audited with its text', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    const out = await psqlAt(answer.listen_addr, verifyFull(files), 'select 40 + 2 as answer');
    expect(out).toEqual({ code: 0, stdout: '42\n', stderr: '' });
    const ended = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.user === user.name), 'the session end event');
    expect(ended).toMatchObject({ db_service: 'pg', db_user: 'postgres', db_name: 'test' });
    const queries = (await eventsWithCode(gw, 'TDB02I')).filter((e) => e.user === user.name);
    expect(queries).toEqual([expect.objectContaining({ sid: ended.sid, db_query: 'select 40 + 2 as answer' })]);
    const issued = (await eventsWithCode(gw, 'TC000I')).filter((e) => e.user === user.name);
    expect(issued).toEqual([expect.objectContaining({ cert_type: 'db', identity: { user: user.name, db_service: 'pg', expires: answer.expires } })]);
  });

  test('the database user and name are still checked against the roles at each connection', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    const out = await psqlAt(answer.listen_addr, { ...verifyFull(files), user: 'nobody' }, 'select 1');
    expect(out.code).not.toBe(0);
    const reason = 'access to database pg denied: your roles do not allow database user "nobody" on database pg (db_users)';
    expect(out.stderr).toContain(`FATAL:  ${reason}`);
    expect(await refusals(gw, user.name)).toEqual([reason]);
  });

  test('a client without TLS is told how to connect, and the refusal is audited', async () => {
    const out = await psqlAt((await certificateFor(admin, 'pg')).answer.listen_addr, { sslmode: 'disable' }, 'select 1');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(`FATAL:  this port takes only TLS with a client certificate: ${howTo}`);
    expect(await refusals(gw, '')).toContain(`this port takes only TLS with a client certificate: ${howTo} (sslcert, sslkey, sslrootcert)`);
  });

  test('a client with TLS but no certificate is refused with what to do', async () => {
    const { files, answer } = await certificateFor(admin, 'pg');
    const out = await psqlAt(answer.listen_addr, { sslmode: 'verify-full', sslrootcert: files.ca, sslcert: '/nonexistent', sslkey: '/nonexistent' }, 'select 1');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(`FATAL:  no client certificate: ${howTo}`);
    expect(await refusals(gw, '')).toContain(`no client certificate: ${howTo} (sslcert, sslkey, sslrootcert)`);
  });

  test('a certificate from another CA is refused', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    const key = newClientKey();
    const keyFile = writeCredentials({ certificate: '', privateKey: key.privateKey, ca: '' }).key;
    const selfSigned = (await run('openssl', ['req', '-x509', '-new', '-key', keyFile, '-subj', `/CN=${user.name}`, '-days', '1'])).stdout;
    const forged = writeCredentials({ certificate: selfSigned, privateKey: key.privateKey, ca: answer.ca });
    const out = await psqlAt(answer.listen_addr, { ...verifyFull(forged), sslrootcert: files.ca }, 'select 1');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(`FATAL:  the client certificate was not issued by this gateway: ${howTo}`);
    expect((await refusals(gw, '')).some((e) => String(e).startsWith('the client certificate was not issued by this gateway'))).toBe(true);
  });

  test('an expired certificate is refused, and a session ends when its certificate expires', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { answer } = await certificateFor(user, 'pg');
    const ca = await DatabaseCertificateAuthority.loadOrCreate(gw.server.store);
    const key = newClientKey();
    const signedInAt = (await gw.server.store.webSessions.get(hashSecret(user.sessionSecret!)))!.loginTime;
    const issue = (issuedAt: number, expiresAt: number) => ca.issueClient(createPublicKey(key.publicKey), { user: user.name, database: 'pg', accessRequestIds: [], signedInAt, issuedAt, expiresAt });
    const expired = writeCredentials({ certificate: await issue(Date.now() - 7_200_000, Date.now() - 3_600_000), privateKey: key.privateKey, ca: answer.ca });
    const out = await psqlAt(answer.listen_addr, verifyFull(expired), 'select 1');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('FATAL:  the client certificate has expired: run portcullis db login again');
    expect(await refusals(gw, '')).toContain('the client certificate has expired: run portcullis db login again');

    const shortLived = writeCredentials({ certificate: await issue(Date.now(), Date.now() + 8_000), privateKey: key.privateKey, ca: answer.ca });
    const { client } = await pgClientAt(answer.listen_addr, shortLived);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const ended = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.user === user.name), 'the session to end with its certificate', 30_000);
    expect(ended.reason).toBe('your database certificate expired: run portcullis db login again');
    await client.end().catch(() => undefined);
  });

  test('after sign-out, a certificate signed under that web session is refused (audited); one from another live web session still works', async () => {
    const { name, password } = await gw.createUser({ roles: ['db-dev'] });
    const [laptop, desktop] = [await gw.login(name, password), await gw.login(name, password)];
    const signedOut = await certificateFor(laptop, 'pg');
    const kept = await certificateFor(desktop, 'pg');
    expect((await psqlAt(signedOut.answer.listen_addr, verifyFull(signedOut.files), 'select 1')).code).toBe(0);
    expect((await laptop.del(apiPaths.webSession)).status).toBe(200);
    const refused = await psqlAt(signedOut.answer.listen_addr, verifyFull(signedOut.files), 'select 1');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`FATAL:  ${sessionEnded}`);
    expect(await refusals(gw, name)).toEqual([sessionEnded]);
    expect(await psqlAt(kept.answer.listen_addr, verifyFull(kept.files), 'select 6 * 7')).toEqual({ code: 0, stdout: '42\n', stderr: '' });
  });

  test('an open session ends when the web session its certificate was signed under is signed out, telling the client why', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    const { client, errors } = await pgClientAt(answer.listen_addr, files);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await user.del(apiPaths.webSession)).status).toBe(200);
    const ended = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.user === user.name), 'the session to end with its web session');
    expect(ended.reason).toBe(sessionEnded);
    // The listener's error comes first; pg then reports the connection's end.
    expect((await eventually(async () => errors.length > 0 && errors, 'the client to hear why'))[0]).toBe(sessionEnded);
    await client.end().catch(() => undefined);
  });

  test('a web session that expires before its certificate (not yet swept from storage) ends its sessions and refuses new ones', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    const { client } = await pgClientAt(answer.listen_addr, files);
    await gw.server.store.db.updateTable('web_sessions').set({ expires_at: Date.now() - 1 }).where('id_hash', '=', hashSecret(user.sessionSecret!)).execute();
    const ended = await eventually(async () => (await eventsWithCode(gw, 'TDB01I')).find((e) => e.user === user.name), 'the session to end with its web session');
    expect(ended.reason).toBe(sessionEnded);
    expect((await psqlAt(answer.listen_addr, verifyFull(files), 'select 1')).stderr).toContain(`FATAL:  ${sessionEnded}`);
    await client.end().catch(() => undefined);
  });

  test('deleting the user refuses the certificates signed under its web sessions', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    expect((await admin.del(compilePath(apiPaths.user, { username: user.name }))).status).toBe(200);
    const refused = await psqlAt(answer.listen_addr, verifyFull(files), 'select 1');
    expect(refused.stderr).toContain(`FATAL:  ${sessionEnded}`);
    expect(await refusals(gw, user.name)).toEqual([sessionEnded]);
  });

  test('a certificate that names no web session (as /sign/db made them before) is refused, saying to run portcullis db login again', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { answer } = await certificateFor(user, 'pg');
    const key = newClientKey();
    const old = writeCredentials({ certificate: await certificateWithoutWebSession(gw.server.store, user.name, 'pg', key.publicKey), privateKey: key.privateKey, ca: answer.ca });
    const refused = await psqlAt(answer.listen_addr, verifyFull(old), 'select 1');
    const reason = 'the client certificate names no web session, which this gateway now requires: run portcullis db login again';
    expect(refused.stderr).toContain(`FATAL:  ${reason}`);
    expect(await refusals(gw, '')).toContain(reason);
  });

  test('a user whose roles no longer reach the database, and a locked user, are refused at connect', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'pg');
    await gw.server.store.users.update(user.name, { roles: ['db-prod'] });
    const moved = await psqlAt(answer.listen_addr, verifyFull(files), 'select 1');
    const unreachable = "access to database pg denied: your roles' db_labels do not match database pg";
    expect(moved.stderr).toContain(`FATAL:  ${unreachable}`);

    const locked = await gw.signIn({ roles: ['db-dev'] });
    const lockedFiles = (await certificateFor(locked, 'pg')).files;
    await createLock(admin, { targets: { user: locked.name }, message: 'incident 12: hands off' });
    const refused = await psqlAt(answer.listen_addr, verifyFull(lockedFiles), 'select 1');
    expect(refused.stderr).toContain('FATAL:  incident 12: hands off');
    expect(await refusals(gw, user.name)).toEqual([unreachable]);
    expect(await refusals(gw, locked.name)).toEqual(['incident 12: hands off']);
  });

  test('redis-cli --tls runs commands through the listener, each audited', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const { files, answer } = await certificateFor(user, 'cache');
    const [host, port] = answer.listen_addr.split(':') as [string, string];
    const key = `portcullis-listener-${engine}-${Date.now()}`;
    const redis = (...args: string[]) => run('redis-cli', ['--tls', '--cert', files.cert, '--key', files.key, '--cacert', files.ca, '-h', host, '-p', port, ...args]);
    expect((await redis('SET', key, 'v42')).stdout).toBe('OK\n');
    expect((await redis('GET', key)).stdout).toBe('v42\n');
    await redis('DEL', key);
    // A statement's event is written with the session's batch of them (gathered over 25 ms), which may come after
    // the database's answer has reached the client.
    const seen = await eventually(async () => {
      const queries = (await eventsWithCode(gw, 'TDB02I')).filter((e) => e.user === user.name).map((e) => e.db_query);
      return queries.length >= 3 && queries;
    }, 'the three statements in the audit log');
    expect(seen).toEqual([`SET ${key} v42`, `GET ${key}`, `DEL ${key}`]);
  });

  test('`portcullis db login` writes an owner-only key and certificate and prints psql settings that work; `db connect` uses the listener', async () => {
    const user = await gw.signIn({ roles: ['db-dev'] });
    const home = profileHome(gw, user);
    const cli = (...args: string[]) => run(process.execPath, [...cliArgs, ...args], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home } });
    try {
      const login = await cli('db', 'login', 'pg', '--db-user', 'postgres', '--db-name', 'test');
      const settings = /^Connect with: psql "(.*)"$/m.exec(login.stdout)?.[1];
      expect(settings).toMatch(/^host=localhost port=\d+ sslmode=verify-full sslcert=\S+ sslkey=\S+ sslrootcert=\S+ user=postgres dbname=test$/);
      const dir = path.join(home, 'db', 'localhost', 'pg');
      for (const file of ['key.pem', 'cert.pem', 'ca.pem']) expect([file, statSync(path.join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
      expect((await run('psql', [settings!, '-X', '-At', '-c', 'select 6 * 7'])).stdout).toBe('42\n');
      const connected = await cli('db', 'connect', 'pg', '--db-user', 'postgres', '--db-name', 'test', '--', '-At', '-c', 'select 7 * 6');
      expect(connected.stdout).toBe('42\n');
      expect((await eventsWithCode(gw, 'TC000I')).filter((e) => e.user === user.name)).toHaveLength(2);
      const queries = await eventually(async () => {
        const seen = (await eventsWithCode(gw, 'TDB02I')).filter((e) => e.user === user.name).map((e) => e.db_query);
        return seen.length === 2 && seen;
      }, 'both statements in the audit log');
      expect(queries).toEqual(['select 6 * 7', 'select 7 * 6']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  describe('/sign/db', () => {
    test('a certificate lives an hour at most, and never past the web session', async () => {
      expect(databaseCertificateMaxTtlMs).toBe(3_600_000);
      const user = await gw.signIn({ roles: ['db-dev'] });
      const before = Date.now();
      const longest = await signDatabaseCertificate(user, { database: 'pg', publicKey: newClientKey().publicKey });
      expect(Date.parse(longest.body.expires)).toBeLessThanOrEqual(Date.now() + databaseCertificateMaxTtlMs);
      expect(Date.parse(longest.body.expires)).toBeGreaterThanOrEqual(before + databaseCertificateMaxTtlMs - 1000);
      const short = await signDatabaseCertificate(user, { database: 'pg', publicKey: newClientKey().publicKey, ttl: '5m' });
      expect(Date.parse(short.body.expires) - before).toBeLessThanOrEqual(5 * 60_000 + 1000);
      const tooLong = await signDatabaseCertificate(user, { database: 'pg', publicKey: newClientKey().publicKey, ttl: '2h' });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error!.message).toContain('a database certificate lives at most 60 minutes');
      const session = Date.parse(user.session!.sessionExpires!);
      expect(Date.parse(longest.body.expires)).toBeLessThanOrEqual(session);
    });

    test.each([
      ['no such database', { database: 'no-such-db' }, 404, 'database no-such-db was not found'],
      ['a database the roles do not reach', { database: 'pg', roles: ['db-prod'] }, 403, "access to database pg denied: your roles' db_labels do not match database pg"],
      ['a database the listener does not serve (MySQL)', { database: 'maria' }, 400, "database maria speaks mysql, which the gateway's database listener does not serve"],
      ['a key that is not a key', { publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n' }, 400, 'is not a public key the gateway can read'],
      ['a private key', { publicKey: newClientKey().privateKey }, 400, 'the private key stays with you'],
    ])('refuses %s with a clear 4xx', async (_what, spec, status, message) => {
      const user = await gw.signIn({ roles: (spec as { roles?: string[] }).roles ?? ['db-dev'] });
      const res = await signDatabaseCertificate(user, { database: 'pg', publicKey: newClientKey().publicKey, ...spec, roles: undefined });
      expect(res.status).toBe(status);
      expect(res.body.error!.message).toContain(message);
    });

    test('refuses, pointing to portcullis db connect, when the roles ask a second factor for every session', async () => {
      await gw.createRole(`kind: role\nmetadata: { name: db-cert-mfa }\nspec:\n  options: { require_session_mfa: true }\n`);
      const user = await gw.signIn({ roles: ['db-dev', 'db-cert-mfa'] });
      const res = await signDatabaseCertificate(user, { database: 'pg', publicKey: newClientKey().publicKey });
      expect(res.status).toBe(403);
      expect(res.body.error!.message).toBe('your roles require a second factor for every database session, which a certificate cannot carry: use portcullis db connect pg, which asks for it');
    });
  });
});

test('a gateway whose database listener cannot listen refuses to start, saying which setting to change', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as net.AddressInfo).port;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-db-listen-'));
  const server = await createGateway(parseConfig({ dataDir, logLevel: 'silent', kubernetes: { listen: '127.0.0.1:0' }, databases: { listen: `127.0.0.1:${port}` }, auth: { passwordHashing: testPasswordHashing } }));
  try {
    await expect(server.listen('127.0.0.1', 0)).rejects.toThrow(`the database listener cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port} (set databases.listen to a free HOST:PORT)`);
  } finally {
    await server.close();
    taken.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
