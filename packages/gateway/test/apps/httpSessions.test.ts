import { apiPaths, appAuthPath } from '@portcullis/shared';
import { engines } from '../harness';
import { totpCode } from '../mfa/totp';
import { eventually } from '../servers/fixtures';
import { addTotp } from '../sessionmfa/devices';
import { createLock, removeAllLocks } from '../locks/fixtures';
import { Browser } from './httpClient';
import { auditedEventually, createAppSession, events, handoff, launch, startAppGateway, type AppGateway } from './httpFixtures';

// A real agent and a real app: more than jest's default 5 s.
jest.setTimeout(60_000);

/** What the app host says to someone who must launch the app from the console first. */
const launchPage = (app: AppGateway) => ({
  status: 403,
  body: expect.stringContaining(`<a href="${app.gw.server.gw.publicUrl()}/web/launch/echo.localhost/localhost/echo.localhost%3A${app.port}`),
});

describe.each(engines)('app sessions on %s', (engine) => {
  const app = {} as AppGateway;
  beforeAll(async () => {
    Object.assign(app, await startAppGateway(engine, { auth: { secondFactor: 'optional' } }));
  });
  afterAll(() => app.stop());
  afterEach(() => removeAllLocks(app.admin));
  const user = (roles = ['apps-dev']) => app.gw.signIn({ roles });

  test('only a signed-in user may ask, for an app that exists and that their roles reach (refusals audited)', async () => {
    expect((await app.gw.anonymous().post(apiPaths.appSession, { fqdn: 'echo.localhost' })).status).toBe(403);
    const client = await user();
    expect(await createAppSession(client, 'nothing.localhost')).toMatchObject({ status: 404, body: { error: { message: 'no application is served at nothing.localhost, or it is offline' } } });
    expect((await createAppSession(client, 'echo.localhost', { arn: 'arn:aws:iam::1:role/x' })).status).toBe(400);
    expect((await client.post(apiPaths.appSession, { fqdn: 'echo.localhost', extra: 1 })).status).toBe(400);
    expect((await createAppSession(client, 'echo.localhost', { public_addr: app.host, cluster_name: 'localhost' })).status).toBe(200);

    const outsider = await user(['no-apps']);
    expect(await createAppSession(outsider, 'echo.localhost')).toMatchObject({ status: 403, body: { error: { message: 'access denied to app echo: your roles do not give access to app echo' } } });
    await auditedEventually(app.gw, 'T3007W', { user: outsider.name, app_name: 'echo', error: 'your roles do not give access to app echo' });
    expect((await events(app.gw, 'T2007I')).filter((e) => e.user === outsider.name)).toEqual([]);
  });

  test('a missing, forged or mismatched cookie gets the page that says to launch the app, audited', async () => {
    const browser = new Browser(app.port);
    expect(await browser.fetch(app.host, 'GET', '/hello')).toMatchObject(launchPage(app));
    await auditedEventually(app.gw, 'T3007W', { user: '', error: 'app echo: the request carries no app session' });
    browser.jar.set(app.host, new Map([['grv_app_session', 'forged'], ['grv_app_session_subject', 'forged']]));
    const forged = await browser.fetch(app.host, 'GET', '/deep/link?q=1');
    expect(forged).toMatchObject({ status: 403, body: expect.stringContaining('?path=%2Fdeep%2Flink%3Fq%3D1">Launch echo</a>') });
    await auditedEventually(app.gw, 'T3007W', { user: '', error: 'app echo: the app session has ended, or its cookie is not one this gateway issued' });

    // A real session's value with another subject.
    const client = await user();
    const { browser: real, session } = await launch(app, client);
    real.jar.get(app.host)!.set('grv_app_session_subject', session.value);
    expect(await real.fetch(app.host, 'GET', '/hello')).toMatchObject(launchPage(app));
    await auditedEventually(app.gw, 'T3007W', { user: client.name, error: 'app echo: the app session cookies do not belong together' });
    // The auth path takes only the launcher's form post.
    expect((await real.fetch(app.host, 'GET', appAuthPath)).status).toBe(403);
    expect((await handoff(new Browser(app.port), app.host, { value: 'x', subject: 'y' })).status).toBe(403);
    // A valid session posted by another site (as an attacker would, to sign a victim in as themselves) sets no cookie.
    const planted = await createAppSession(client, 'echo.localhost');
    const fromElsewhere = await handoff(new Browser(app.port), app.host, { value: planted.body.value, subject: planted.body.subject, path: '/' }, 'http://evil.example');
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.headers['set-cookie']).toBeUndefined();
    expect(fromElsewhere.body).toContain('the session was not handed over by the console’s launcher');
    // A session of one app is no good on another's host.
    const down = await launch(app, client, app.downHost);
    const moved = new Browser(app.port);
    moved.jar.set(app.host, down.browser.jar.get(app.downHost)!);
    expect(await moved.fetch(app.host, 'GET', '/hello')).toMatchObject(launchPage(app));
  });

  test('an expired app session is ended (audited) and gets the launch page', async () => {
    const client = await user();
    const created = await createAppSession(client, 'echo.localhost');
    const { sid } = await auditedEventually(app.gw, 'T2007I', { user: client.name });
    await app.gw.server.store.db.updateTable('app_sessions').set({ expires_at: Date.now() - 1 }).where('id', '=', sid as string).execute();
    const browser = new Browser(app.port);
    expect((await handoff(browser, app.host, { value: created.body.value, subject: created.body.subject, path: '/' })).status).toBe(403);
    await auditedEventually(app.gw, 'T2011I', { sid, user: client.name, app_name: 'echo', reason: 'the app session expired' });
  });

  test('its session never outlives the web session, and ends with it: logout ends requests and websockets', async () => {
    const client = await user();
    const { browser } = await launch(app, client);
    const { sid } = await auditedEventually(app.gw, 'T2007I', { user: client.name });
    const row = await app.gw.server.store.db.selectFrom('app_sessions').select('expires_at').where('id', '=', sid as string).executeTakeFirstOrThrow();
    expect(new Date(Number(row.expires_at)).toISOString()).toBe(client.session!.sessionExpires);
    const socket = await browser.websocket(app.host, '/ws');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect((await client.del(apiPaths.webSession)).status).toBe(200);
    await closed;
    await eventually(async () => (await browser.fetch(app.host, 'GET', '/hello')).status === 403, 'the launch page after logout');
    await auditedEventually(app.gw, 'T2011I', { sid, user: client.name, reason: 'the web session it belongs to ended' });
    expect(await app.gw.server.store.db.selectFrom('app_sessions').select('id').where('id', '=', sid as string).executeTakeFirst()).toBeUndefined();
  });

  test('roles that no longer reach the app, or a lock, get a 403 page (audited); the lock closes its websockets', async () => {
    const client = await user();
    const { browser } = await launch(app, client);
    expect((await browser.fetch(app.host, 'GET', '/hello')).status).toBe(200);
    await app.gw.server.store.users.update(client.name, { roles: ['no-apps'] });
    const denied = await eventually(async () => {
      const answer = await browser.fetch(app.host, 'GET', '/hello');
      return answer.status === 403 && answer;
    }, 'the roles to be read again');
    expect(denied.body).toContain('You may not use echo: your roles do not give access to app echo.');
    await auditedEventually(app.gw, 'T3007W', { user: client.name, error: 'app echo: your roles do not give access to app echo' });

    const locked = await user();
    const other = await launch(app, locked);
    const socket = await other.browser.websocket(app.host, '/ws');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await createLock(app.admin, { targets: { user: locked.name }, message: 'investigating' });
    await closed;
    expect(await other.browser.fetch(app.host, 'GET', '/hello')).toMatchObject({ status: 403, body: expect.stringContaining('You may not use echo: ') });
    await auditedEventually(app.gw, 'T3007W', { user: locked.name, app_name: 'echo' });
    expect((await createAppSession(locked, 'echo.localhost')).status).toBe(403);
  });

  test('roles that require a second factor per session refuse an app session without one, and accept a code', async () => {
    const client = await user(['apps-dev', 'app-mfa']);
    const secret = await addTotp(client);
    const refused = await createAppSession(client, 'echo.localhost');
    expect(refused).toMatchObject({
      status: 403,
      body: { error: { message: `access denied to app echo: a second factor is required for every session, and none was given: answer a challenge of scope "session" (POST ${apiPaths.mfaAuthenticateChallenge}) and send the answer as mfa_response` } },
    });
    await auditedEventually(app.gw, 'T3007W', { user: client.name, error: 'a second factor is required for every session, and none was given' });
    expect((await createAppSession(client, 'echo.localhost', { mfa_response: { totp_code: totpCode(secret, Date.now() + 30_000) } })).status).toBe(200);
  });
});
