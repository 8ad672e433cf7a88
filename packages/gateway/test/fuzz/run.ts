import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@portcullis/shared';
import { createJoinToken, startAgent } from '../servers/fixtures';
import type { TestGateway } from '../harness';
import { walk } from '../routes';
import { httpCases, socketCases, type Budget, type Caller, type HttpCase, type SocketCase, type Target } from './cases';
import { seeded } from './random';
import { send, type RawResponse } from './send';
import { hostileSocket, type SocketOutcome } from './sockets';

/**
 * The fuzzing user may do everything a rule can grant, as `nobody` on every node, so requests get past
 * authorisation and reach the validation and handlers behind it.
 */
const everythingRole = `
kind: role
metadata: { name: fuzz-everything }
spec:
  allow:
    logins: [nobody]
    node_labels: { '*': '*' }
    app_labels: { '*': '*' }
    db_labels: { '*': '*' }
    kubernetes_labels: { '*': '*' }
    windows_desktop_labels: { '*': '*' }
    rules: [{ resources: ['*'], verbs: ['*'] }]
`;

/**
 * A stand-in for the built console (an index page with its placeholders and one hashed asset), so /web and
 * its static files answer as in production instead of "not built"; the caller removes the directory.
 */
export function standInConsole(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portcullis-fuzz-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><meta name="grv_csrf_token" content="{{.XCSRF}}"><meta name="grv_bearer_token" content="{{.Session}}">');
  writeFileSync(path.join(dir, 'assets', 'index-0123abcd.js'), 'export {};\n');
  return dir;
}

/** Routes that end the caller's session, sent last so the others run signed in. */
const endsSession = new Set([`DELETE ${apiPaths.webSession}`]);

export interface Fuzzing {
  /** The fuzzing user's current credentials. */
  caller: () => Caller;
  targets: Target[];
  /** Signs a new fuzzing user in, after a route ended the session (logout, renewal). */
  signInAgain(): Promise<void>;
  stop(): Promise<void>;
}

/** Prepares a started gateway: the role, a signed-in user holding it, and an agent node for file transfers. */
export async function prepareFuzzing(gw: TestGateway): Promise<Fuzzing> {
  await gw.createRole(everythingRole);
  const signIn = async () => {
    const client = await gw.signIn({ roles: ['fuzz-everything'] });
    return { client, token: client.session!.token };
  };
  let user = await signIn();
  const { agent, nodeId } = await startAgent(gw.url, await createJoinToken(user.client), { hostname: 'fuzz-node' });
  const routes = walk(gw);
  const methodsAt = new Map<string, Set<string>>();
  for (const r of routes) methodsAt.set(r.url, (methodsAt.get(r.url) ?? new Set()).add(r.method));
  const sockets = new Set(gw.server.routes.filter((r) => r.wsHandler).map((r) => r.url));
  const targets = routes
    .map((route) => ({ route, methodsAtUrl: methodsAt.get(route.url)!, socket: sockets.has(route.url) }))
    .sort((a, b) => Number(endsSession.has(a.route.key)) - Number(endsSession.has(b.route.key)));
  return {
    caller: () => ({ token: user.token, csrf: user.client.csrf, cookie: user.client.cookieHeader(), node: nodeId, login: 'nobody' }),
    targets,
    async signInAgain() {
      user = await signIn();
    },
    stop: () => agent.stop(),
  };
}

export interface Answer {
  route: string;
  label: string;
  status: number | 'socket';
  ms: number;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  /** Answers by class ('2xx', '4xx', …), opened websockets as 'opened'. */
  byClass: Record<string, number>;
  /** Everything that broke a rule: a 5xx, a refusal without a message, a hang, a gateway that stopped answering. */
  problems: string[];
  /** The slowest refusals, slowest first. */
  slowest: Answer[];
  /** Times the fuzzing user had to sign in again because a route ended its session. */
  signIns: number;
}

/** What is wrong with an answer, if anything: a 5xx, or a 4xx whose body is not `{error: {message}}` with a message. */
export function problemWith(res: RawResponse): string | undefined {
  const text = res.body.toString('utf8');
  if (res.status >= 500) return `answered ${res.status}: ${text.slice(0, 300)}`;
  if (res.status < 400) return undefined;
  let message: unknown;
  try {
    message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
  } catch {
    return `answered ${res.status} without a JSON body: ${JSON.stringify(text.slice(0, 200))}`;
  }
  return typeof message === 'string' && message.trim() ? undefined : `answered ${res.status} without error.message: ${text.slice(0, 200)}`;
}

/** A websocket closed with 1011 is the server failing, as a 5xx is. */
function socketProblem(outcome: SocketOutcome): string | undefined {
  if ('refused' in outcome) return problemWith(outcome.refused);
  return outcome.closeCode === 1011 ? 'closed the websocket with 1011 (internal error)' : undefined;
}

/** Runs `jobs` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await job(items[next++]!);
  }));
}

const slowestKept = 10;

/**
 * Sends every route its hostile requests (websocket routes their hostile upgrades and frames), checks each
 * answer, and after each route checks that the gateway still answers /ping.
 */
export async function fuzzRoutes(gw: TestGateway, fuzzing: Fuzzing, opts: { seed: number; budget: Budget; concurrency?: number }): Promise<FuzzReport> {
  const random = seeded(opts.seed);
  const port = Number(new URL(gw.url).port);
  const report: FuzzReport = { seed: opts.seed, sent: 0, byClass: {}, problems: [], slowest: [], signIns: 0 };
  const refusals: Answer[] = [];
  const note = (route: string, label: string, problem: string | undefined, answer?: Answer) => {
    report.sent++;
    if (problem) report.problems.push(`${route} [${label}]: ${problem}`);
    if (!answer) return;
    const cls = answer.status === 'socket' ? 'opened' : `${String(answer.status)[0]}xx`;
    report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
    if (answer.status !== 'socket' && answer.status >= 400) refusals.push(answer);
  };
  for (const target of fuzzing.targets) {
    const key = target.route.key;
    const caller = fuzzing.caller();
    const sendHttp = async ({ label, request }: HttpCase) => {
      try {
        const res = await send(port, request);
        note(key, label, problemWith(res), { route: key, label, status: res.status, ms: res.ms });
      } catch (err) {
        note(key, label, (err as Error).message);
      }
    };
    const sendSocket = async ({ label, path, headers, garbage }: SocketCase) => {
      try {
        const outcome = await hostileSocket(port, path, headers, garbage);
        const answer: Answer = 'refused' in outcome ? { route: key, label, status: outcome.refused.status, ms: outcome.refused.ms } : { route: key, label, status: 'socket', ms: outcome.ms };
        note(key, label, socketProblem(outcome), answer);
      } catch (err) {
        note(key, label, (err as Error).message);
      }
    };
    if (target.socket) await pool(socketCases(target, caller, random, opts.budget), opts.concurrency ?? 4, sendSocket);
    else await pool(httpCases(target, caller, random, opts.budget), opts.concurrency ?? 4, sendHttp);

    const ping = await fetch(`${gw.url}${apiPaths.ping}`).catch((err: Error) => err);
    if (ping instanceof Error || ping.status !== 200) {
      report.problems.push(`after ${key}: /ping answered ${ping instanceof Error ? ping.message : ping.status}`);
      break;
    }
    const status = await fetch(`${gw.url}${apiPaths.userStatus}`, { headers: { authorization: `Bearer ${fuzzing.caller().token}`, cookie: fuzzing.caller().cookie } });
    if (status.status !== 200) {
      await fuzzing.signInAgain();
      report.signIns++;
    }
  }
  report.slowest = refusals.sort((a, b) => b.ms - a.ms).slice(0, slowestKept);
  return report;
}
