/**
 * A gateway serving an app through a real agent: the app is a real HTTP server with a websocket endpoint
 * (httpUpstream.ts), announced by an agent as `echo` (and `down`, whose port nothing listens on), labelled
 * env=dev. Users launch it as the console does: POST /sessions/app, then the form post to the app host.
 */
import { apiPaths, appAuthPath, type AppSessionJson } from '@portcullis/shared';
import type { ConfigInput } from '../../src/platform/config/config';
import type { Engine } from '../../src/platform/storage/engine';
import { startGateway, type Client, type TestGateway } from '../harness';
import { eventually } from '../servers/fixtures';
import { appsDevRole, closedPort, joinToken, startAppAgent } from './fixtures';
import { Browser, type Answer } from './httpClient';
import { startUpstream, type Upstream } from './httpUpstream';

/** Opens apps, makes join tokens and locks, reads the audit log. */
export const httpAdminRole = `
kind: role
metadata: { name: http-admin }
spec:
  allow:
    app_labels: { '*': '*' }
    rules:
      - { resources: [token], verbs: [list, read, create, delete] }
      - { resources: [lock], verbs: [list, read, create, update, delete] }
      - { resources: [event], verbs: [list, read] }
`;
export const noAppsRole = 'kind: role\nmetadata: { name: no-apps }\nspec: {}\n';
export const sessionMfaRole = 'kind: role\nmetadata: { name: app-mfa }\nspec:\n  options: { require_session_mfa: true }\n';

export interface AppGateway {
  gw: TestGateway;
  admin: Client & { name: string };
  upstream: Upstream;
  port: number;
  /** echo.localhost:PORT, the app's public address and its Host. */
  host: string;
  downHost: string;
  appId: string;
  stop(): Promise<void>;
}

export async function startAppGateway(engine: Engine, config: Partial<ConfigInput> = {}): Promise<AppGateway> {
  const gw = await startGateway({ engine, config });
  for (const role of [httpAdminRole, appsDevRole, noAppsRole, sessionMfaRole]) await gw.createRole(role);
  const admin = await gw.signIn({ roles: ['http-admin'] });
  const upstream = await startUpstream();
  const apps = [
    { name: 'echo', uri: upstream.origin },
    { name: 'down', uri: `http://127.0.0.1:${await closedPort()}` },
  ];
  const { agent, appIds } = await startAppAgent(gw.url, await joinToken(admin), apps);
  const port = Number(new URL(gw.url).port);
  return {
    gw,
    admin,
    upstream,
    port,
    host: `echo.localhost:${port}`,
    downHost: `down.localhost:${port}`,
    appId: appIds.echo!,
    async stop() {
      await agent.stop();
      await upstream.close();
      await gw.close();
    },
  };
}

export const createAppSession = (client: Client, fqdn: string, extra: Record<string, unknown> = {}) =>
  client.post<AppSessionJson & { error?: { message: string } }>(apiPaths.appSession, { fqdn, ...extra });

/** The console's origin for an app host NAME.<public host>: the page the launcher's form is posted from. */
export const consoleOriginOf = (host: string) => `http://${host.slice(host.indexOf('.') + 1)}`;

/**
 * The launcher's handoff: the form post that makes the app host set its own cookies. A browser names the page that
 * posted it in Origin: the console's, unless a test says another site posted it.
 */
export const handoff = (browser: Browser, host: string, fields: Record<string, string>, origin = consoleOriginOf(host)): Promise<Answer> =>
  browser.fetch(host, 'POST', appAuthPath, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(fields).toString(),
  });

/** Launches the app at `host` for `client` in a fresh browser, as the console's launcher does; answers the session too. */
export async function launch(app: AppGateway, client: Client, host = app.host): Promise<{ browser: Browser; session: AppSessionJson }> {
  const created = await createAppSession(client, host.replace(/:\d+$/, ''));
  if (created.status !== 200) throw new Error(`app session: ${created.status} ${JSON.stringify(created.body)}`);
  const browser = new Browser(app.port);
  const answer = await handoff(browser, host, { value: created.body.value, subject: created.body.subject, path: '/' });
  if (answer.status !== 303) throw new Error(`handoff: ${answer.status} ${answer.body}`);
  return { browser, session: created.body };
}

/** Audit events with `code`, oldest first. */
export async function events(gw: TestGateway, code: string): Promise<Record<string, unknown>[]> {
  const { events: found } = await gw.server.store.events.search({ from: 0, to: Date.now() + 86_400_000, limit: 1000, order: 'asc', types: undefined });
  return found.map((e) => e.data).filter((e) => e.code === code);
}

/** Waits for an audit event with `code` matching `fields`. */
export const auditedEventually = (gw: TestGateway, code: string, fields: Record<string, unknown>) =>
  eventually(async () => (await events(gw, code)).find((e) => Object.entries(fields).every(([k, v]) => e[k] === v)), `a ${code} event with ${JSON.stringify(fields)}`);
