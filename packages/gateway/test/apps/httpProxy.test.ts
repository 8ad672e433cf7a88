import { createRemoteJWKSet, jwtVerify } from 'jose';
import { apiPaths } from '@portcullis/shared';
import { defaultPassword, encode, engines } from '../harness';
import { Browser } from './httpClient';
import { auditedEventually, createAppSession, events, handoff, launch, startAppGateway, type AppGateway } from './httpFixtures';
import { pattern, sha256Of } from './httpUpstream';

// A real agent, real sockets and 16 MiB each way: more than jest's default 5 s.
jest.setTimeout(60_000);

const bigBytes = 16 * 1024 * 1024;

describe.each(engines)('the app proxy on %s', (engine) => {
  const app = {} as AppGateway;
  beforeAll(async () => {
    // Short limits, so the header limit and the idle timeout can be shown quickly; a one-second audit summary.
    Object.assign(app, await startAppGateway(engine, { apps: { maxHeaderBytes: 4096, idleTimeout: '2s', auditInterval: '1s' } }));
  });
  afterAll(() => app.stop());
  const user = () => app.gw.signIn({ roles: ['apps-dev'] });

  test('the launcher’s handoff sets the app host’s own cookies and sends the browser to the path on that host', async () => {
    const client = await user();
    const created = await createAppSession(client, 'echo.localhost');
    expect(created.status).toBe(200);
    const { value, subject } = created.body;
    expect(created.body).toEqual({ fqdn: 'echo.localhost', value, subject, cookie_value: value, subject_cookie_value: subject });
    const start = await auditedEventually(app.gw, 'T2007I', { user: client.name, app_name: 'echo' });
    expect(start).toMatchObject({ event: 'app.session.start', app_public_addr: app.host, app_id: app.appId });
    // Only hashes are stored.
    const row = await app.gw.server.store.db.selectFrom('app_sessions').selectAll().where('id', '=', start.sid as string).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(value);
    expect(JSON.stringify(row)).not.toContain(subject);

    const browser = new Browser(app.port);
    const answer = await handoff(browser, app.host, { value, subject, path: '/hello?x=1' });
    expect([answer.status, answer.headers.location]).toEqual([303, '/hello?x=1']);
    const cookies = answer.headers['set-cookie']!;
    expect(cookies).toHaveLength(2);
    for (const [cookie, name, secret] of [[cookies[0], 'grv_app_session', value], [cookies[1], 'grv_app_session_subject', subject]] as const) {
      expect(cookie).toMatch(new RegExp(`^${name}=${secret}; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
    }
    expect(await browser.fetch(app.host, 'GET', '/hello?x=1')).toMatchObject({ status: 200, body: 'hello from the app: GET /hello?x=1' });
    // Only a path on the app's own host: anything else lands on its root.
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await handoff(new Browser(app.port), app.host, { value, subject, path })).headers.location).toBe('/');
    }
  });

  test('streams a large upload and a large download, neither held whole by the gateway', async () => {
    const { browser } = await launch(app, await user());
    const up = await browser.fetch(app.host, 'POST', '/upload', { headers: { 'content-type': 'application/octet-stream' }, body: (async function* () { yield* pattern(bigBytes); })() });
    expect([up.status, JSON.parse(up.body)]).toEqual([200, { bytes: bigBytes, sha256: sha256Of(pattern(bigBytes)) }]);
    const down = await browser.open(app.host, 'GET', `/download?bytes=${bigBytes}`);
    const chunks: Buffer[] = [];
    for await (const chunk of down) chunks.push(chunk as Buffer);
    expect([down.statusCode, Buffer.concat(chunks).length, sha256Of(chunks)]).toEqual([200, bigBytes, sha256Of(pattern(bigBytes))]);

    // The first bytes of a response reach the browser while the app is still writing it…
    const held = await browser.open(app.host, 'GET', '/held');
    const first = await new Promise<string>((resolve) => held.once('data', (c: Buffer) => resolve(c.toString())));
    expect(first).toBe('first;');
    app.upstream.release();
    let rest = '';
    for await (const chunk of held) rest += (chunk as Buffer).toString();
    expect(rest).toBe('last');
    // …and the first bytes of an upload reach the app while the browser is still sending it.
    let finishUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (finishUpload = resolve));
    const uploading = browser.fetch(app.host, 'POST', '/upload-held', {
      body: (async function* () {
        yield Buffer.from('part one');
        await uploadHeld;
        yield Buffer.from('part two');
      })(),
    });
    await app.upstream.firstUploadChunk();
    finishUpload();
    expect((await uploading).body).toBe('upload complete');
  });

  test('a websocket on the app host reaches the app, not the gateway’s own routes, and echoes', async () => {
    const { browser } = await launch(app, await user());
    const socket = await browser.websocket(app.host, '/v1/agent/tunnel?probe=1');
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('ping over the tunnel');
    expect(await reply).toBe('echo: ping over the tunnel');
    const binary = new Promise<Buffer>((resolve) => socket.once('message', (data) => resolve(data as Buffer)));
    socket.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    expect([...(await binary)]).toEqual([0, 1, 2, 255]);
    expect(app.upstream.seen.filter((s) => s.method === 'UPGRADE').map((s) => s.url)).toContain('/v1/agent/tunnel?probe=1');
    socket.close();
  });

  test('redirects to the upstream’s origin point at the public one; cookies stay on the app host', async () => {
    const { browser } = await launch(app, await user());
    const answer = await browser.fetch(app.host, 'GET', '/redirect');
    expect([answer.status, answer.headers.location]).toEqual([302, `http://${app.host}/landing?from=redirect`]);
    // Domain attributes dropped; the app cannot plant the gateway's own cookie.
    expect(answer.headers['set-cookie']).toEqual(['pref=dark; Path=/; HttpOnly', 'other=1; path=/']);
    expect((await browser.fetch(app.host, 'GET', '/elsewhere')).headers.location).toBe('https://example.com/somewhere');
  });

  test('the app receives a JWT of the user it verifies against the JWKS the gateway publishes', async () => {
    const client = await user();
    const { browser } = await launch(app, client);
    expect((await browser.fetch(app.host, 'GET', '/hello')).status).toBe(200);
    const token = app.upstream.seen.at(-1)!.headers['portcullis-jwt-assertion'] as string;
    const jwks = createRemoteJWKSet(new URL(`${app.gw.url}${apiPaths.jwks}`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: app.gw.server.gw.publicUrl(), audience: `http://${app.host}`, algorithms: ['RS256'] });
    // Signed with the key the gateway publishes, named by its kid.
    const published = (await (await fetch(`${app.gw.url}${apiPaths.jwks}`)).json()) as { keys: { kid: string }[] };
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: published.keys[0]!.kid });
    expect(published.keys).toHaveLength(1);
    expect(payload).toMatchObject({ sub: client.name, username: client.name, roles: ['apps-dev'], traits: expect.objectContaining({ logins: [] }) });
    expect(payload.exp! - payload.iat!).toBe(60);
    // A relying party that knows only the issuer finds the keys through the discovery document, and the token verifies.
    const discovery = (await (await fetch(`${app.gw.url}${apiPaths.openidConfiguration}`)).json()) as { issuer: string; jwks_uri: string };
    expect(discovery).toMatchObject({ issuer: app.gw.server.gw.publicUrl(), jwks_uri: `${app.gw.server.gw.publicUrl()}${apiPaths.jwks}`, id_token_signing_alg_values_supported: ['RS256'] });
    await expect(jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), { issuer: discovery.issuer, audience: `http://${app.host}` })).resolves.toMatchObject({ payload: { sub: client.name } });
    // A JWT the client makes up is replaced, never passed on.
    await browser.fetch(app.host, 'GET', '/hello', { headers: { 'portcullis-jwt-assertion': 'forged' } });
    expect(app.upstream.seen.at(-1)!.headers['portcullis-jwt-assertion']).not.toBe('forged');
  });

  test('no console cookie or bearer token reaches the app, and X-Forwarded-* are the gateway’s', async () => {
    const { name } = await app.gw.createUser({ roles: ['apps-dev'] });
    // The console's cookies are host-only (no Domain), so a browser never sends them to an app host.
    const csrf = 'c'.repeat(64);
    const login = await fetch(`${app.gw.url}/v1/webapi/sessions/web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `grv_csrf=${csrf}`, 'x-csrf-token': csrf },
      body: JSON.stringify({ user: name, pass: encode(defaultPassword) }),
    });
    expect(login.headers.getSetCookie()).toEqual([expect.stringMatching(/^grv_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/)]);
    const client = await app.gw.login(name);
    const { browser, session } = await launch(app, client);
    const answer = await browser.fetch(app.host, 'GET', '/hello', {
      // A hand-made request carrying them anyway.
      headers: { cookie: `grv_session=${client.sessionSecret}; grv_csrf=${client.csrf}; ${browser.cookieHeader(app.host)}; theme=dark`, 'x-forwarded-for': '6.6.6.6' },
    });
    expect(answer.status).toBe(200);
    const seen = app.upstream.seen.at(-1)!;
    const everything = JSON.stringify(seen.headers);
    for (const secret of [client.sessionSecret!, client.session!.token, client.csrf, session.value, session.subject]) expect(everything).not.toContain(secret);
    expect(seen.headers).toMatchObject({ cookie: 'theme=dark', host: `127.0.0.1:${app.upstream.port}`, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': app.host });
  });

  test('a host naming no app gets a 404 page; the gateway’s own host and address serve the console as before', async () => {
    const browser = new Browser(app.port);
    const page = await browser.fetch(`nothing.localhost:${app.port}`, 'GET', '/v1/webapi/ping');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('No application is served at nothing.localhost.');
    await expect(browser.websocket(`nothing.localhost:${app.port}`, '/ws')).rejects.toThrow('websocket refused: 404');
    expect((await browser.fetch(`localhost:${app.port}`, 'GET', '/v1/webapi/ping')).status).toBe(200);
    expect((await browser.fetch(`127.0.0.1:${app.port}`, 'GET', '/v1/webapi/ping')).status).toBe(200);
  });

  test('an unreachable app gets a 502 page that names no address', async () => {
    const { browser } = await launch(app, await user(), app.downHost);
    const page = await browser.fetch(app.downHost, 'GET', '/');
    expect(page.status).toBe(502);
    expect(page.body).toContain('The gateway could not reach down just now.');
    expect(page.body).not.toMatch(/127\.0\.0\.1|:\d{4,5}\b/);
  });

  test('headers over the limit get a 431; an app silent past the idle timeout a 504', async () => {
    const { browser } = await launch(app, await user());
    const big = await browser.fetch(app.host, 'GET', '/hello', { headers: { 'x-big': 'x'.repeat(5000) } });
    expect(big.status).toBe(431);
    const silent = await browser.fetch(app.host, 'GET', '/silent');
    expect(silent.status).toBe(504);
    expect(silent.body).toContain('echo sent nothing for 2 s');
  });

  test('requests are summarised in the audit log per session', async () => {
    const client = await user();
    const { browser } = await launch(app, client);
    for (let i = 0; i < 3; i++) expect((await browser.fetch(app.host, 'GET', '/hello')).status).toBe(200);
    expect((await browser.fetch(app.host, 'GET', '/missing')).status).toBe(404);
    const sid = (await auditedEventually(app.gw, 'T2007I', { user: client.name })).sid;
    const chunk = await auditedEventually(app.gw, 'T2008I', { user: client.name, sid });
    expect(chunk).toMatchObject({ event: 'app.session.chunk', app_name: 'echo', requests: 4, websockets: 0, server_errors: 0 });
    expect(await events(app.gw, 'T2008I')).toEqual(expect.arrayContaining([chunk]));
  });
});
