/**
 * OIDC sign-in against a real OpenID Provider (oidc-provider) started here, driven as a browser would: follow
 * redirects, post its login and consent forms, then hand the callback to the gateway.
 */
import { type AuthenticateChallengeJson, eventCodes, type RegisterChallengeJson } from '@portcullis/shared';
import { bearerFor } from '../../src/management/websessions/secrets';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { codeFor } from '../mfa/enroll';
import { oidcClient, startOpenIdProvider, type OpenIdProvider } from './openIdProvider';

const callbackPath = '/v1/webapi/oidc/callback';

/** A browser's cookie jar, per origin host:port. */
class Browser {
  private readonly cookies = new Map<string, Map<string, string>>();

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const u = new URL(url);
    const jar = this.cookies.get(u.host) ?? new Map<string, string>();
    this.cookies.set(u.host, jar);
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, i), pair!.slice(i + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  cookie(host: string, name: string): string | undefined {
    return this.cookies.get(host)?.get(name);
  }
}

const attr = (html: string, tag: RegExp) => tag.exec(html)?.[1]?.replace(/&amp;/g, '&');

/**
 * Starts a sign-in at the gateway and goes through the identity provider as `account` (login, then consent,
 * or `abort` at the login page), answering the callback URL the provider sends the browser to, not yet followed.
 */
async function throughProvider(gw: TestGateway, browser: Browser, loginPath: string, account: string, opts: { abort?: boolean } = {}): Promise<string> {
  let res = await browser.fetch(`${gw.url}${loginPath}`);
  expect(res.status).toBe(302);
  let url = new URL(res.headers.get('location')!, gw.url).href;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(`${gw.url}${callbackPath}`)) return url;
    res = await browser.fetch(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    expect(res.status).toBe(200);
    if (opts.abort) {
      url = new URL(attr(html, /href="([^"]*\/abort[^"]*)"/)!, url).href;
      continue;
    }
    const action = new URL(attr(html, /<form[^>]*action="([^"]+)"/)!, url).href;
    const prompt = attr(html, /name="prompt" value="([^"]+)"/)!;
    res = await browser.fetch(action, { method: 'POST', form: prompt === 'login' ? { prompt, login: account, password: 'anything' } : { prompt } });
    expect(res.status).toBeGreaterThanOrEqual(300);
    url = new URL(res.headers.get('location')!, action).href;
  }
  throw new Error('the identity provider never sent the browser back');
}

/** Follows the callback in the gateway: where it sends the browser. */
async function callback(browser: Browser, url: string): Promise<{ status: number; location: string }> {
  const res = await browser.fetch(url);
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

const failureDetails = (location: string) => {
  const u = new URL(location, 'http://x');
  expect(u.pathname).toBe('/web/msg/error/login/callback');
  return u.searchParams.get('details') ?? '';
};

function connector(name: string, issuer: string, gatewayUrl: string, secret = oidcClient.secret) {
  return `kind: oidc
version: v3
metadata:
  name: ${name}
spec:
  client_id: ${oidcClient.id}
  client_secret: ${secret}
  issuer_url: ${issuer}
  redirect_url: ${gatewayUrl}${callbackPath}
  scope: [openid, email, profile]
  claims_to_roles:
    - claim: groups
      value: devs
      roles: [dev]
    - claim: groups
      value: admins
      roles: [dev, ops]
`;
}

describe.each(engines)('OIDC sign-in on %s', (engine) => {
  let gw: TestGateway;
  let idp: OpenIdProvider;
  let admin: Client;
  let offset = 0;

  const lastFailure = async () => {
    const row = await gw.server.store.db.selectFrom('events').select(['data', 'code']).where('code', '=', eventCodes.USER_SSO_LOGINFAILURE).orderBy('id', 'desc').executeTakeFirst();
    return row && (JSON.parse(row.data) as Record<string, unknown>);
  };
  const failures = async () =>
    Number((await gw.server.store.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('code', '=', eventCodes.USER_SSO_LOGINFAILURE).executeTakeFirstOrThrow()).n);

  /** A failed sign-in: the failure page with a message containing `expected`, and one more audited failure saying the same. */
  async function expectFailure(attempt: () => Promise<{ status: number; location: string }>, expected: string) {
    const before = await failures();
    const { status, location } = await attempt();
    expect(status).toBe(302);
    expect(failureDetails(location)).toContain(expected);
    expect(await failures()).toBe(before + 1);
    expect((await lastFailure())?.error).toContain(expected);
  }

  beforeAll(async () => {
    // optional: second factors are on for whoever adds one, which SSO users may do like anyone else.
    gw = await startGateway({ engine, config: { auth: { secondFactor: 'optional' } }, now: () => Date.now() + offset });
    idp = await startOpenIdProvider(`${gw.url}${callbackPath}`);
    await gw.createRole('kind: role\nmetadata:\n  name: dev\nspec: {}\n');
    await gw.createRole('kind: role\nmetadata:\n  name: ops\nspec:\n  options:\n    require_session_mfa: true\n');
    admin = await gw.signIn({ roles: ['editor'] });
    for (const [name, secret] of [
      ['corp', oidcClient.secret],
      ['wrongsecret', 'not-the-secret'],
    ])
      expect((await admin.post('/v1/webapi/oidc/connectors', { content: connector(name!, idp.issuer, gw.url, secret) })).status).toBe(200);
  });
  afterAll(async () => {
    await gw?.close();
    await idp?.close();
  });
  afterEach(() => {
    offset = 0;
  });

  it('signs a new user in with roles and traits from the claims; the session cookie works; a second sign-in updates the roles', async () => {
    idp.accounts.alice = { email: 'alice@example.com', groups: ['devs'], logins: ['alice', 'ubuntu'] };
    const browser = new Browser();
    const back = await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp&redirect_url=%2Fweb%2Fcluster%2Flocalhost%2Fnodes', 'alice');
    expect(await callback(browser, back)).toEqual({ status: 302, location: '/web/cluster/localhost/nodes' });

    const user = await gw.server.store.users.get('alice@example.com');
    expect(user).toMatchObject({ authType: 'oidc', roles: ['dev'], passwordHash: null });
    expect(user!.traits.logins).toEqual(['alice', 'ubuntu']);

    const secret = browser.cookie(new URL(gw.url).host, 'grv_session')!;
    expect(secret).toBeTruthy();
    const context = await fetch(`${gw.url}/v1/webapi/sites/localhost/context`, { headers: { cookie: `grv_session=${secret}`, authorization: `Bearer ${bearerFor(secret)}` } });
    expect(context.status).toBe(200);
    expect(await context.json()).toMatchObject({ userName: 'alice@example.com', authType: 'oidc' });
    const login = await gw.server.store.db.selectFrom('events').select('data').where('code', '=', eventCodes.USER_SSO_LOGIN).orderBy('id', 'desc').executeTakeFirst();
    expect(JSON.parse(login!.data)).toMatchObject({ user: 'alice@example.com', method: 'oidc', connector: 'corp', success: true });

    idp.accounts.alice = { email: 'alice@example.com', groups: ['devs', 'admins'] };
    const again = new Browser();
    expect(await callback(again, await throughProvider(gw, again, '/v1/webapi/oidc/login/web?connector_id=corp', 'alice'))).toEqual({ status: 302, location: '/web' });
    expect(await gw.server.store.users.get('alice@example.com')).toMatchObject({ roles: ['dev', 'ops'], traits: expect.objectContaining({ logins: [] }) });
  });

  it('lets an SSO user, who has no password, add an authenticator app and answer per-session MFA with it', async () => {
    idp.accounts.grace = { email: 'grace@example.com', groups: ['admins'] };
    const browser = new Browser();
    expect((await callback(browser, await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp', 'grace'))).status).toBe(302);
    const secret = browser.cookie(new URL(gw.url).host, 'grv_session')!;
    const csrf = 'c'.repeat(64);
    const call = async <T>(path: string, body: unknown) => {
      const res = await fetch(`${gw.url}${path}`, {
        method: 'POST',
        headers: { cookie: `grv_session=${secret}; grv_csrf=${csrf}`, 'x-csrf-token': csrf, authorization: `Bearer ${bearerFor(secret)}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect([path, res.status]).toEqual([path, 200]);
      return (await res.json()) as T;
    };
    // No device and no password: re-authenticating is the empty request, as for any user without a device.
    const token = await call<string>('/v1/webapi/users/privilege/token', {});
    const registration = await call<RegisterChallengeJson>(`/v1/webapi/mfa/token/${token}/registerchallenge`, { deviceType: 'totp' });
    const app = registration.totp!.secret;
    const at = gw.server.gw.now();
    await call('/v1/webapi/mfa/devices', { tokenId: token, deviceName: 'phone', secondFactorToken: codeFor(app, at) });

    // Her mapped role (ops) requires a second factor per session: she is asked for one, and her app answers it.
    expect((await gw.server.gw.webSessions.resolve(secret))!.roles.requireSessionMfa()).toBe(true);
    expect(await call<AuthenticateChallengeJson>('/v1/webapi/mfa/authenticatechallenge', { scope: 'session' })).toMatchObject({ totp_challenge: true });
    await expect(gw.server.gw.mfa.verify('grace@example.com', 'session', { totp_code: codeFor(app, at, 1) }, '127.0.0.1')).resolves.toEqual({ device: 'phone' });
  });

  it('ignores a redirect_url on another origin', async () => {
    idp.accounts.bob = { email: 'bob@example.com', groups: ['devs'] };
    for (const target of ['https://evil.example.com/web', '//evil.example.com/web', '/\\evil.example.com']) {
      const browser = new Browser();
      const back = await throughProvider(gw, browser, `/v1/webapi/oidc/login/web?connector_id=corp&redirect_url=${encodeURIComponent(target)}`, 'bob');
      expect([target, await callback(browser, back)]).toEqual([target, { status: 302, location: '/web' }]);
    }
  });

  it('refuses a wrong client secret', async () => {
    idp.accounts.carol = { email: 'carol@example.com', groups: ['devs'] };
    const browser = new Browser();
    const back = await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=wrongsecret', 'carol');
    await expectFailure(() => callback(browser, back), 'client_id and client_secret of the connector wrongsecret');
    expect(await gw.server.store.users.get('carol@example.com')).toBeUndefined();
  });

  it('refuses a tampered state, and a replayed callback or code', async () => {
    idp.accounts.dave = { email: 'dave@example.com', groups: ['devs'] };
    const browser = new Browser();
    const back = new URL(await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp', 'dave'));
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    await expectFailure(() => callback(browser, tampered.href), 'unknown or was already used');

    expect((await callback(browser, back.href)).location).toBe('/web');
    await expectFailure(() => callback(new Browser(), back.href), 'unknown or was already used');

    // The same code under a fresh sign-in's own state: the identity provider refuses it the second time.
    const fresh = new Browser();
    const next = new URL(await throughProvider(gw, fresh, '/v1/webapi/oidc/login/web?connector_id=corp', 'dave'));
    next.searchParams.set('code', back.searchParams.get('code')!);
    await expectFailure(() => callback(fresh, next.href), 'already used or has expired');
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    idp.accounts.erin = { email: 'erin@example.com', groups: ['devs'] };
    const browser = new Browser();
    const back = await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp', 'erin');
    offset = 10 * 60_000 + 1;
    await expectFailure(() => callback(browser, back), 'took longer than 10 minutes');
    expect(await gw.server.store.users.get('erin@example.com')).toBeUndefined();
  });

  it('refuses a user whose claims map to no role, and says so', async () => {
    idp.accounts.frank = { email: 'frank@example.com', groups: ['interns'] };
    const browser = new Browser();
    const back = await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp', 'frank');
    await expectFailure(() => callback(browser, back), 'frank@example.com has no role here');
    expect(await gw.server.store.users.get('frank@example.com')).toBeUndefined();
  });

  it('refuses when the identity provider answers with an error, and an unknown connector', async () => {
    const browser = new Browser();
    const back = await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp', 'nobody', { abort: true });
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    await expectFailure(() => callback(browser, back), 'the identity provider refused the sign-in: End-User aborted interaction');
    await expectFailure(() => callback(browser, `${gw.url}/v1/webapi/oidc/login/web?connector_id=nosuch`), 'there is no OIDC connector named nosuch');
  });

  it('does not take over a local user of the same name', async () => {
    const local = await gw.createUser({ roles: ['dev'] });
    idp.accounts[local.name] = { preferred_username: local.name, groups: ['admins'] };
    const browser = new Browser();
    const back = await throughProvider(gw, browser, '/v1/webapi/oidc/login/web?connector_id=corp', local.name);
    await expectFailure(() => callback(browser, back), `a local user named ${local.name} already exists`);
    expect(await gw.server.store.users.get(local.name)).toMatchObject({ authType: 'local', roles: ['dev'] });
  });
});
