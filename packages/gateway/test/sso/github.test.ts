/**
 * GitHub sign-in. GitHub cannot be reached from here, so the test starts a stand-in for GitHub's OAuth and API
 * servers on 127.0.0.1 (a small node:http server, below): it issues each code once, checks the client id, the
 * client secret and the redirect_uri as GitHub does, answers GitHub's error JSON, and serves /user and
 * /user/teams in pages of per_page with Link rel="next". The browser is driven by hand, following redirects.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eventCodes } from '@portcullis/shared';
import { bearerFor } from '../../src/management/websessions/secrets';
import { engines, startGateway, type Client, type TestGateway } from '../harness';

const clientId = 'Iv1.portcullis-test';
const clientSecret = 'the-real-client-secret';
const callbackPath = '/v1/webapi/github/callback';

interface Team {
  slug: string;
  organization: { login: string };
}

/** A stand-in for github.com (OAuth) and api.github.com (REST API): GitHub itself cannot be reached from here. */
class GithubStandIn {
  /** The people who can sign in at the stand-in: login → teams (in the order /user/teams lists them). */
  readonly people = new Map<string, Team[]>();
  /** Who is signed in at the stand-in; the authorize page sends them straight back, as GitHub does once the app is authorised. */
  signedIn = '';
  /** When set, the authorize page sends the browser back with this error, as GitHub does when someone cancels. */
  deny: { error: string; error_description: string } | undefined;
  /** Logins whose /user answer is malformed (a misbehaving server). */
  readonly malformed = new Set<string>();
  /** Every /user/teams request's query string, to check what the gateway asked for. */
  readonly teamRequests: string[] = [];

  private readonly codes = new Map<string, { login: string; redirectUri: string }>();
  private readonly tokens = new Map<string, string>();
  private server!: Server;
  url = '';

  constructor(private readonly redirectUri: string) {}

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }> {
    const url = new URL(req.url!, this.url);
    const q = url.searchParams;
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      if (
        q.get('client_id') !== clientId ||
        q.get('redirect_uri') !== this.redirectUri ||
        q.get('scope') !== 'read:org' ||
        !q.get('state')
      )
        return {
          status: 400,
          body: { message: `the stand-in refuses this authorize request: ${url.search}` },
        };
      const back = new URL(this.redirectUri);
      if (this.deny) back.search = new URLSearchParams({ ...this.deny, state: q.get('state')! }).toString();
      else {
        const code = randomBytes(10).toString('hex');
        this.codes.set(code, { login: this.signedIn, redirectUri: q.get('redirect_uri')! });
        back.search = new URLSearchParams({ code, state: q.get('state')! }).toString();
      }
      return { status: 302, headers: { location: back.href } };
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const form = new URLSearchParams(raw);
      if (req.headers.accept !== 'application/json')
        return { status: 406, body: { message: 'the stand-in only answers JSON' } };
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return {
          status: 200,
          body: {
            error: 'incorrect_client_credentials',
            error_description: 'The client_id and/or client_secret passed are incorrect.',
          },
        };
      const issued = this.codes.get(form.get('code') ?? '');
      // A code is good once: GitHub forgets it on the first exchange.
      this.codes.delete(form.get('code') ?? '');
      if (!issued)
        return {
          status: 200,
          body: {
            error: 'bad_verification_code',
            error_description: 'The code passed is incorrect or expired.',
          },
        };
      if (form.get('redirect_uri') !== issued.redirectUri)
        return {
          status: 200,
          body: {
            error: 'redirect_uri_mismatch',
            error_description:
              'The redirect_uri MUST match the registered callback URL for this application.',
          },
        };
      const token = `gho_${randomBytes(16).toString('hex')}`;
      this.tokens.set(token, issued.login);
      return { status: 200, body: { access_token: token, token_type: 'bearer', scope: 'read:org' } };
    }
    const login = this.tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (req.method === 'GET' && url.pathname.startsWith('/api/v3/')) {
      if (login === undefined) return { status: 401, body: { message: 'Bad credentials' } };
      if (url.pathname === '/api/v3/user')
        return { status: 200, body: this.malformed.has(login) ? { id: 7, name: login } : { login, id: 7 } };
      if (url.pathname === '/api/v3/user/teams') {
        this.teamRequests.push(url.search);
        const perPage = Number(q.get('per_page') ?? 30);
        const page = Number(q.get('page') ?? 1);
        const teams = this.people.get(login) ?? [];
        const pages = Math.max(1, Math.ceil(teams.length / perPage));
        const link = (p: number) => `<${this.url}/api/v3/user/teams?per_page=${perPage}&page=${p}>`;
        const links =
          page < pages ? { link: `${link(page + 1)}; rel="next", ${link(pages)}; rel="last"` } : undefined;
        return {
          status: 200,
          body: teams
            .slice((page - 1) * perPage, page * perPage)
            .map((t, i) => ({ id: i, name: t.slug, ...t })),
          headers: links,
        };
      }
    }
    return { status: 404, body: { message: 'Not Found' } };
  }
}

const team = (organization: string, slug: string): Team => ({ slug, organization: { login: organization } });

function connector(name: string, github: string, gatewayUrl: string, secret = clientSecret) {
  return `kind: github
version: v3
metadata:
  name: ${name}
spec:
  client_id: ${clientId}
  client_secret: ${secret}
  redirect_url: ${gatewayUrl}${callbackPath}
  endpoint_url: ${github}
  api_endpoint_url: ${github}/api/v3
  display: GitHub
  teams_to_roles:
    - organization: acme
      team: devs
      roles: [dev]
    - organization: acme
      team: ops
      roles: [ops]
`;
}

/** Follows a response's redirect, without following further. */
async function follow(url: string, cookie = ''): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

const failureDetails = (location: string) => {
  const u = new URL(location, 'http://x');
  expect(u.pathname).toBe('/web/msg/error/login/callback');
  return u.searchParams.get('details') ?? '';
};

describe.each(engines)('GitHub sign-in on %s', (engine) => {
  let gw: TestGateway;
  let github: GithubStandIn;
  let admin: Client;
  let offset = 0;

  /** Starts a sign-in at the gateway and goes through the stand-in as `login`: the callback URL it sends the browser to, not yet followed. */
  async function throughGithub(login: string, query = 'connector_id=corp'): Promise<string> {
    github.signedIn = login;
    const start = await follow(`${gw.url}/v1/webapi/github/login/web?${query}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
    const back = await follow(authorize.href);
    expect(back.status).toBe(302);
    const callback = back.headers.get('location')!;
    expect(callback.startsWith(`${gw.url}${callbackPath}?`)).toBe(true);
    return callback;
  }
  const callback = async (url: string) => {
    const res = await follow(url);
    return {
      status: res.status,
      location: res.headers.get('location') ?? '',
      cookies: res.headers.getSetCookie(),
    };
  };

  const lastFailure = async () => {
    const row = await gw.server.store.db
      .selectFrom('events')
      .select(['data', 'code'])
      .where('code', '=', eventCodes.USER_SSO_LOGINFAILURE)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row && (JSON.parse(row.data) as Record<string, unknown>);
  };
  const failures = async () =>
    Number(
      (
        await gw.server.store.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('code', '=', eventCodes.USER_SSO_LOGINFAILURE)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A failed sign-in: the failure page with a message containing `expected`, no cookie, and one more audited failure saying the same. */
  async function expectFailure(
    attempt: () => Promise<{ status: number; location: string; cookies: string[] }>,
    expected: string,
  ) {
    const before = await failures();
    const { status, location, cookies } = await attempt();
    expect(status).toBe(302);
    expect(failureDetails(location)).toContain(expected);
    expect(cookies.filter((c) => c.startsWith('grv_session='))).toEqual([]);
    expect(await failures()).toBe(before + 1);
    expect(await lastFailure()).toMatchObject({
      method: 'github',
      success: false,
      error: expect.stringContaining(expected),
    });
  }

  beforeAll(async () => {
    gw = await startGateway({ engine, now: () => Date.now() + offset });
    github = new GithubStandIn(`${gw.url}${callbackPath}`);
    await github.start();
    await gw.createRole('kind: role\nmetadata:\n  name: dev\nspec: {}\n');
    await gw.createRole('kind: role\nmetadata:\n  name: ops\nspec: {}\n');
    admin = await gw.signIn({ roles: ['editor'] });
    for (const [name, secret] of [
      ['corp', clientSecret],
      ['wrongsecret', 'not-the-secret'],
    ])
      expect(
        (await admin.post('/v1/webapi/github', { content: connector(name!, github.url, gw.url, secret) }))
          .status,
      ).toBe(200);
  });
  afterAll(async () => {
    await gw?.close();
    await github?.close();
  });
  afterEach(() => {
    offset = 0;
    github.deny = undefined;
  });

  it('still reads connectors at /github/<name> beside the sign-in routes, and offers the connector on the login page', async () => {
    const read = await admin.get('/v1/webapi/github/corp');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ kind: 'github', name: 'corp' });
    expect((await admin.get('/v1/webapi/github/callback')).status).toBe(302);
    const ping = await gw.anonymous().get('/v1/webapi/ping');
    expect(ping.body.auth.providers).toContainEqual({
      name: 'corp',
      type: 'github',
      displayName: 'GitHub',
      url: '/v1/webapi/github/login/web?connector_id=corp',
    });
  });

  it('signs a new user in with roles from teams on two pages; the session cookie works', async () => {
    // 100 teams on the first page (acme/devs among them), the second page holds acme/ops.
    const filler = Array.from({ length: 99 }, (_, i) => team('elsewhere', `team-${i}`));
    github.people.set('octocat', [
      team('acme', 'devs'),
      ...filler,
      team('ACME', 'ops'),
      team('acme', 'interns'),
    ]);
    github.teamRequests.length = 0;
    const back = await throughGithub(
      'octocat',
      'connector_id=corp&redirect_url=%2Fweb%2Fcluster%2Flocalhost%2Fnodes',
    );
    const res = await callback(back);
    expect([res.status, res.location]).toEqual([302, '/web/cluster/localhost/nodes']);
    expect(github.teamRequests).toEqual(['?per_page=100', '?per_page=100&page=2']);

    const user = await gw.server.store.users.get('octocat');
    expect(user).toMatchObject({ authType: 'github', roles: ['dev', 'ops'], passwordHash: null });
    expect(user!.traits.logins).toEqual(['octocat']);

    const secret = /^grv_session=([^;]+)/.exec(
      res.cookies.find((c) => c.startsWith('grv_session=')) ?? '',
    )?.[1];
    expect(secret).toBeTruthy();
    const context = await fetch(`${gw.url}/v1/webapi/sites/localhost/context`, {
      headers: { cookie: `grv_session=${secret}`, authorization: `Bearer ${bearerFor(secret!)}` },
    });
    expect(context.status).toBe(200);
    expect(await context.json()).toMatchObject({ userName: 'octocat', authType: 'github' });
    const login = await gw.server.store.db
      .selectFrom('events')
      .select('data')
      .where('code', '=', eventCodes.USER_SSO_LOGIN)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(JSON.parse(login!.data)).toMatchObject({
      user: 'octocat',
      method: 'github',
      connector: 'corp',
      success: true,
    });

    // Leaving a team takes its role away on the next sign-in.
    github.people.set('octocat', [team('acme', 'ops')]);
    expect((await callback(await throughGithub('octocat'))).location).toBe('/web');
    expect(await gw.server.store.users.get('octocat')).toMatchObject({ roles: ['ops'] });
  });

  it('ignores a redirect_url on another origin', async () => {
    github.people.set('hubot', [team('acme', 'devs')]);
    for (const target of ['https://evil.example.com/web', '//evil.example.com/web', '/\\evil.example.com']) {
      const res = await callback(
        await throughGithub('hubot', `connector_id=corp&redirect_url=${encodeURIComponent(target)}`),
      );
      expect([target, res.status, res.location]).toEqual([target, 302, '/web']);
    }
  });

  it('refuses a wrong client secret with GitHub’s error', async () => {
    github.people.set('carol', [team('acme', 'devs')]);
    const back = await throughGithub('carol', 'connector_id=wrongsecret');
    await expectFailure(() => callback(back), 'client_id and client_secret of the connector wrongsecret');
    expect((await lastFailure())?.connector).toBe('wrongsecret');
    expect(await gw.server.store.users.get('carol')).toBeUndefined();
  });

  it('refuses a tampered state, a replayed callback, and a code used twice', async () => {
    github.people.set('dave', [team('acme', 'devs')]);
    const back = new URL(await throughGithub('dave'));
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    await expectFailure(() => callback(tampered.href), 'unknown or was already used');

    expect((await callback(back.href)).location).toBe('/web');
    await expectFailure(() => callback(back.href), 'unknown or was already used');

    // The same code under a fresh sign-in's own state: GitHub refuses it the second time.
    const next = new URL(await throughGithub('dave'));
    next.searchParams.set('code', back.searchParams.get('code')!);
    await expectFailure(() => callback(next.href), 'already used or has expired');
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    github.people.set('erin', [team('acme', 'devs')]);
    const back = await throughGithub('erin');
    offset = 10 * 60_000 + 1;
    await expectFailure(() => callback(back), 'took longer than 10 minutes');
    expect(await gw.server.store.users.get('erin')).toBeUndefined();
  });

  it('refuses a user in no mapped team, and says so', async () => {
    github.people.set('frank', [team('acme', 'interns'), team('other', 'devs')]);
    await expectFailure(async () => callback(await throughGithub('frank')), 'frank has no role here');
    expect(await gw.server.store.users.get('frank')).toBeUndefined();
  });

  it('refuses GitHub’s error, a malformed answer, and an unknown connector', async () => {
    github.deny = {
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
    };
    await expectFailure(
      async () => callback(await throughGithub('grace')),
      'GitHub refused the sign-in: The user has denied your application access.',
    );
    github.deny = undefined;

    github.people.set('mallory', [team('acme', 'devs')]);
    github.malformed.add('mallory');
    await expectFailure(
      async () => callback(await throughGithub('mallory')),
      "GitHub's answer for the user was not what GitHub sends",
    );
    expect(await gw.server.store.users.get('mallory')).toBeUndefined();

    await expectFailure(
      () => callback(`${gw.url}/v1/webapi/github/login/web?connector_id=nosuch`),
      'there is no GitHub connector named nosuch',
    );
    await expectFailure(() => callback(`${gw.url}/v1/webapi/github/login/web`), 'names no connector');
  });
});
