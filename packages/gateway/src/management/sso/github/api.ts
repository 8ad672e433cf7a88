import { z } from 'zod';
import { SsoFailure } from '../failure';

/** GitHub's own addresses, for a connector that names no GitHub Enterprise (or stand-in) endpoint. */
export const githubDefaults = {
  endpointUrl: 'https://github.com',
  apiEndpointUrl: 'https://api.github.com',
} as const;

/** How long one request to GitHub may take before the sign-in fails. */
const requestTimeoutMs = 10_000;
/** At 100 teams a page, 50 pages is 5000 teams: more means a loop (or a misbehaving server), not a person. */
const maxTeamPages = 50;

const tokenAnswer = z.union([
  z.object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    scope: z.string().optional(),
  }),
  z.object({ error: z.string().min(1), error_description: z.string().optional() }),
]);
const userAnswer = z.object({ login: z.string().min(1) });
const teamsAnswer = z.array(
  z.object({ slug: z.string().min(1), organization: z.object({ login: z.string().min(1) }) }),
);

/** One team the person belongs to: its organization's login and the team's slug. */
export interface GithubTeam {
  organization: string;
  team: string;
}

/** What went wrong talking to GitHub, as the OAuth error code when GitHub gave one. */
export class GithubError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The `rel="next"` URL of a Link header, if any. */
export function nextLink(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const m = /^\s*<([^>]+)>(.*)$/.exec(part);
    if (!m) continue;
    const rel = /;\s*rel="?([^";]*)"?/i.exec(m[2]!)?.[1];
    if (rel?.split(/\s+/).includes('next')) return m[1];
  }
  return undefined;
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch (err) {
    throw new GithubError(
      `could not reach GitHub for ${what} at ${url} (${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)})`,
    );
  }
}

async function json<T>(res: Response, schema: z.ZodType<T>, what: string): Promise<T> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new GithubError(`GitHub's answer for ${what} was not JSON (HTTP ${res.status})`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new GithubError(
      `GitHub's answer for ${what} was not what GitHub sends (HTTP ${res.status}: ${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message})`,
    );
  return parsed.data;
}

/** A GitHub (or GitHub Enterprise) OAuth app, as a connector names it. */
export class GithubClient {
  private readonly endpointUrl: string;
  private readonly apiEndpointUrl: string;

  constructor(
    private readonly app: {
      clientId: string;
      clientSecret: string;
      redirectUrl: string;
      endpointUrl?: string;
      apiEndpointUrl?: string;
    },
  ) {
    this.endpointUrl = trimSlash(app.endpointUrl ?? githubDefaults.endpointUrl);
    this.apiEndpointUrl = trimSlash(app.apiEndpointUrl ?? githubDefaults.apiEndpointUrl);
  }

  /** Where the browser goes to sign in at GitHub; `read:org` lets the gateway read the person's teams. */
  authorizeUrl(state: string): URL {
    const url = new URL(`${this.endpointUrl}/login/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: this.app.clientId,
      redirect_uri: this.app.redirectUrl,
      scope: 'read:org',
      state,
    }).toString();
    return url;
  }

  /** The access token for a code GitHub gave the browser; GitHub's refusals (in a 200 JSON body) are GithubErrors with their code. */
  async exchange(code: string): Promise<string> {
    const res = await call(
      `${this.endpointUrl}/login/oauth/access_token`,
      {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: this.app.clientId,
          client_secret: this.app.clientSecret,
          code,
          redirect_uri: this.app.redirectUrl,
        }).toString(),
      },
      'the access token',
    );
    const answer = await json(res, tokenAnswer, 'the access token');
    if ('error' in answer) throw new GithubError(answer.error_description ?? answer.error, answer.error);
    if (!res.ok) throw new GithubError(`GitHub answered HTTP ${res.status} for the access token`);
    return answer.access_token;
  }

  private async get(url: string, token: string, what: string): Promise<Response> {
    const res = await call(
      url,
      {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
        },
      },
      what,
    );
    if (!res.ok) {
      const message = await res
        .json()
        .then((b: unknown) =>
          b && typeof b === 'object' && 'message' in b && typeof b.message === 'string'
            ? b.message
            : undefined,
        )
        .catch(() => undefined);
      throw new GithubError(`GitHub answered HTTP ${res.status} for ${what}${message ? `: ${message}` : ''}`);
    }
    return res;
  }

  /** The login of the person the token belongs to. */
  async login(token: string): Promise<string> {
    return (
      await json(await this.get(`${this.apiEndpointUrl}/user`, token, 'the user'), userAnswer, 'the user')
    ).login;
  }

  /** Every team the person belongs to, page after page (rel="next"), never leaving the API's origin. */
  async teams(token: string): Promise<GithubTeam[]> {
    const origin = new URL(this.apiEndpointUrl).origin;
    const teams: GithubTeam[] = [];
    let url: string | undefined = `${this.apiEndpointUrl}/user/teams?per_page=100`;
    for (let page = 0; url; page++) {
      if (page === maxTeamPages)
        throw new GithubError(`GitHub listed more than ${maxTeamPages} pages of teams`);
      if (new URL(url).origin !== origin)
        throw new GithubError(`GitHub's next page of teams is on another server (${new URL(url).origin})`);
      const res = await this.get(url, token, 'the teams');
      for (const t of await json(res, teamsAnswer, 'the teams'))
        teams.push({ organization: t.organization.login, team: t.slug });
      url = nextLink(res.headers.get('link'));
    }
    return teams;
  }
}

/** Every role the connector's teams_to_roles grants for these teams (organization and team compared as GitHub does, without case). */
export function rolesForTeams(
  teams: GithubTeam[],
  mappings: { organization: string; team: string; roles: string[] }[],
): string[] {
  const held = new Set(teams.map((t) => `${t.organization.toLowerCase()}/${t.team.toLowerCase()}`));
  const roles = new Set<string>();
  for (const m of mappings)
    if (held.has(`${m.organization.toLowerCase()}/${m.team.toLowerCase()}`))
      for (const r of m.roles) roles.add(r);
  return [...roles];
}

/** GitHub's refusals and our failures to talk to it, in words a person can act on. */
export function explain(err: GithubError, connector: string): SsoFailure {
  switch (err.code) {
    case 'incorrect_client_credentials':
      return new SsoFailure(
        `GitHub did not accept this gateway's client credentials (${err.message}): an administrator should check client_id and client_secret of the connector ${connector}`,
        connector,
      );
    case 'bad_verification_code':
      return new SsoFailure(
        `the sign-in code was already used or has expired (${err.message}): start the sign-in again from the login page`,
        connector,
      );
    case 'redirect_uri_mismatch':
      return new SsoFailure(
        `GitHub refused the callback address (${err.message}): an administrator should make the connector ${connector}'s redirect_url the OAuth app's callback URL`,
        connector,
      );
    case undefined:
      return new SsoFailure(
        `${err.message}: start the sign-in again, or ask an administrator to check the connector ${connector}'s endpoint_url and api_endpoint_url`,
        connector,
      );
    default:
      return new SsoFailure(
        `GitHub refused to complete the sign-in (${err.code}: ${err.message}): start it again, or ask an administrator to check the connector ${connector}`,
        connector,
      );
  }
}
