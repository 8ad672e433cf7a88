import { encode, engines, startGateway, type TestGateway } from '../../../test/harness';
import { hashSecret } from './secrets';
import { lockoutMs, maxFailedLogins } from './lockout';

/** A gateway whose clock the test moves. */
async function clocked(config: Parameters<typeof startGateway>[0] = {}) {
  const clock = { t: Date.now() };
  const gw = await startGateway({ ...config, now: () => clock.t });
  return { gw, clock };
}

describe.each(engines)('lockout on %s', (engine) => {
  let gw: TestGateway;
  let clock: { t: number };
  beforeAll(async () => ({ gw, clock } = await clocked({ engine })));
  afterAll(() => gw.close());

  it('locks a user for 30 minutes after 5 failures in a row, audits it, and holds even against the right password', async () => {
    expect([maxFailedLogins, lockoutMs]).toEqual([5, 30 * 60_000]);
    const { name, password } = await gw.createUser({ roles: ['access'] });
    const anon = gw.anonymous();
    const attempt = (pass: string) => anon.post('/v1/webapi/sessions/web', { user: name, pass: encode(pass) });
    for (let i = 0; i < 4; i++) expect((await attempt('wrong password')).status).toBe(403);
    // A success resets the count, so only failures in a row lock.
    expect((await attempt(password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).status).toBe(403);
    const locked = await attempt(password);
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({ error: { message: 'invalid credentials' } });

    clock.t += lockoutMs - 1000;
    expect((await attempt(password)).status).toBe(403);
    clock.t += 2000;
    expect((await attempt(password)).status).toBe(200);

    const auditor = await gw.signIn({ roles: ['auditor'] });
    const events = await auditor.get(`/v1/webapi/sites/localhost/events/search?include=user.login.locked,user.login&limit=100&order=asc&to=${new Date(clock.t + 1000).toISOString()}`);
    const mine = events.body.events.filter((e: { user: string }) => e.user === name);
    expect(mine.map((e: { code: string }) => e.code)).toEqual([
      ...Array(4).fill('T1000W'),
      'T1000I',
      ...Array(5).fill('T1000W'),
      'T1014W',
      'T1000W',
      'T1000W',
      'T1000I',
    ]);
    const lockEvent = mine.find((e: { code: string }) => e.code === 'T1014W');
    expect(lockEvent).toMatchObject({ event: 'user.login.locked', attempts: 5 });
  });
});

describe('session lifetime', () => {
  it('expires after the configured session TTL and bounds renewals by the roles max_session_ttl', async () => {
    const { gw, clock } = await clocked({ config: { auth: { sessionTtl: '1h' } } });
    try {
      await gw.createRole('kind: role\nmetadata:\n  name: brief\nspec:\n  options:\n    max_session_ttl: 90m\n');
      const user = await gw.signIn({ roles: ['brief'] });
      const untouched = await gw.signIn({ roles: ['access'] });
      expect(user.session!.expires_in).toBe(3600);
      clock.t += 50 * 60_000;
      const renewed = await user.post('/v1/webapi/sessions/web/renew');
      user.session = renewed.body;
      // 1h from now would pass the 90 minutes since login: the renewal stops at login + 90m.
      expect(renewed.body.expires_in).toBe(40 * 60);
      clock.t += 40 * 60_000;
      expect((await user.get('/v1/webapi/user/status')).status).toBe(403);
      // The next login sweeps away expired sessions nobody asked about since.
      const rows = () => gw.server.store.db.selectFrom('web_sessions').select('username').where('username', '=', untouched.name).execute();
      expect(await rows()).toHaveLength(1);
      await gw.signIn({ roles: ['access'] });
      expect(await rows()).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('ends a session idle longer than the inactivity timeout, which login reports as sessionInactiveTimeout', async () => {
    const { gw, clock } = await clocked({ config: { auth: { inactivityTimeout: '10m' } } });
    try {
      const user = await gw.signIn({ roles: ['access'] });
      expect(user.session!.sessionInactiveTimeout).toBe(600_000);
      const act = () => user.get('/v1/webapi/sites/localhost/context');
      clock.t += 9 * 60_000;
      expect((await act()).status).toBe(200);
      clock.t += 9 * 60_000;
      expect((await act()).status).toBe(200);
      // Neither status polling nor renewal is activity: the session still ends 10 minutes after the last act.
      const polls: number[] = [];
      clock.t += 4 * 60_000;
      polls.push((await user.get('/v1/webapi/user/status')).status);
      const renewed = await user.post('/v1/webapi/sessions/web/renew');
      user.session = renewed.body;
      polls.push(renewed.status);
      for (let i = 0; i < 2; i++) {
        clock.t += 4 * 60_000;
        polls.push((await user.get('/v1/webapi/user/status')).status);
      }
      expect(polls).toEqual([200, 200, 200, 403]);
    } finally {
      await gw.close();
    }
  });
});

describe('session secrets', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  it('stores only the hash of the cookie secret, and never the bearer token', async () => {
    const user = await gw.signIn({ roles: ['access'] });
    const rows = await gw.server.store.db.selectFrom('web_sessions').selectAll().where('username', '=', user.name).execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(user.sessionSecret!);
    expect(stored).not.toContain(user.session!.token);
    expect(rows[0]!.id_hash).toBe(hashSecret(user.sessionSecret!));
  });

  it('needs both the cookie and the matching bearer token', async () => {
    const user = await gw.signIn({ roles: ['access'] });
    const other = await gw.signIn({ roles: ['access'] });
    const status = (headers: Record<string, string>) => fetch(`${gw.url}/v1/webapi/user/status`, { headers }).then((r) => r.status);
    expect(await status({ authorization: `Bearer ${user.session!.token}` })).toBe(403);
    expect(await status({ cookie: user.cookieHeader() })).toBe(403);
    expect(await status({ cookie: user.cookieHeader(), authorization: `Bearer ${other.session!.token}` })).toBe(403);
    expect(await status({ cookie: user.cookieHeader(), authorization: `Bearer ${user.session!.token}` })).toBe(200);
  });

  it('sets the session cookie HttpOnly and SameSite, and refuses a login without the CSRF token', async () => {
    const { name, password } = await gw.createUser({ roles: ['access'] });
    const anon = gw.anonymous();
    const noCsrf = await anon.request('POST', '/v1/webapi/sessions/web', { user: name, pass: encode(password) }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    const res = await anon.post('/v1/webapi/sessions/web', { user: name, pass: encode(password) });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('grv_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });
});
