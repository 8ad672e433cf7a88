/**
 * App proxy benchmark (`npm run bench apps`). A real app (a small HTTP server in a process of its own, 1 KiB
 * answers) is called directly and through the gateway, on its own host, over a real agent's tunnel, with the
 * app session's cookies, the session check and the signed identity header on every request:
 *  1. throughput: requests per second from 16 keep-alive connections in a load process of its own, direct and
 *     through the proxy in alternating rounds after a round of warming up each (this machine's speed drifts, so
 *     only runs side by side compare); aim ≥ 50 % of direct. For scale, the same load through two plain Node TCP
 *     relays in a chain (relay.ts): a path through two more processes that do nothing at all, the ceiling the
 *     gateway and agent have here. The CPU time each process spent per request says where the difference goes,
 *     whatever else the machine runs;
 *  2. latency: one request at a time, p50 and p99, direct and through the proxy; the difference is what the
 *     gateway and tunnel add (aim ≤ 2 ms at p50).
 * Each runs in a process of its own, as in production: the gateway (this one), the agent (`portcullis agent
 * --app`), the app and the load. Run with `tsx --cpu-prof --cpu-prof-dir=DIR` to profile the gateway and the
 * agent both (the agent is given the same flags).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request, Agent as HttpAgent, createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { appAuthPath, type AppSessionJson } from '@portcullis/shared';
import { startGateway } from '../test/harness';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRepo } from '../src/resources/apps/repo';
import { appsDevRole, joinToken } from '../test/apps/fixtures';
import { consoleOriginOf } from '../test/apps/httpFixtures';
import { eventually } from '../test/servers/fixtures';
import { cpuMsOf, scriptPidOf } from './cpuTime';
import { relayChain } from './relay';
import { fmtMs as ms, percentile as pct } from './stats';

const roundSeconds = 4;
const warmupSeconds = 3;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 16;
const latencySamples = 2000;
const bodyBytes = 1024;

interface Target {
  port: number;
  host: string;
  cookie?: string;
}

/** One GET on a keep-alive agent; answers the time it took in milliseconds. */
function get(agent: HttpAgent, t: Target): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: t.port, path: '/data', agent, headers: { host: t.host, ...(t.cookie && { cookie: t.cookie }) } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => (res.statusCode === 200 && bytes === bodyBytes ? resolve(performance.now() - start) : reject(new Error(`status ${res.statusCode}, ${bytes} bytes`))));
    });
    req.on('error', reject);
    req.end();
  });
}

interface LoadResult {
  requests: number;
  rps: number;
  /** The load process's own CPU time during the round, in ms. */
  cpuMs: number;
}

/** The load process: `connections` loops for `seconds`, printing what it did (LoadResult). */
async function load(t: Target, seconds: number): Promise<void> {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: connections });
  let done = 0;
  const cpu = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await get(agent, t);
        done++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const result: LoadResult = { requests: done, rps: done / seconds, cpuMs: (used.user + used.system) / 1000 };
  process.stdout.write(JSON.stringify(result));
  agent.destroy();
}

/** The app: answers /data with 1 KiB, in a process of its own. */
async function serveApp(): Promise<void> {
  const body = Buffer.alloc(bodyBytes, 'a');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
}

const self = fileURLToPath(import.meta.url);
const tsx = 'node_modules/.bin/tsx';

async function spawnApp(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(tsx, [self, 'app'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  return { child, port };
}

/** A process on the request's path whose CPU time is read around each round: this one, or a script by its pid. */
interface Hop {
  name: string;
  cpuMs(): number;
}

const scriptHop = (name: string, launcher: ChildProcess): Hop => {
  const pid = scriptPidOf(launcher.pid!);
  if (!pid) throw new Error(`no node process runs ${name}`);
  return { name, cpuMs: () => cpuMsOf(pid) };
};

const thisProcess = (name: string): Hop => ({
  name,
  cpuMs: () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  },
});

/** One round of load on a path: its requests per second, and each process's CPU microseconds per request. */
interface Round {
  rps: number;
  usPerRequest: Record<string, number>;
}

async function loadRound(t: Target, hops: Hop[], seconds = roundSeconds): Promise<Round> {
  const before = hops.map((h) => h.cpuMs());
  const child = spawn(tsx, [self, 'load', JSON.stringify(t), String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
  const result = JSON.parse(out) as LoadResult;
  const perRequest = (ms: number) => (ms * 1000) / result.requests;
  const usPerRequest: Record<string, number> = { load: perRequest(result.cpuMs) };
  // The load process's start and end fall outside its round, but the others' CPU is read around the whole child.
  hops.forEach((h, i) => (usPerRequest[h.name] = perRequest(h.cpuMs() - before[i]!)));
  return { rps: result.rps, usPerRequest };
}

async function latencies(t: Target): Promise<number[]> {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 200; i++) await get(agent, t);
  const out: number[] = [];
  for (let i = 0; i < latencySamples; i++) out.push(await get(agent, t));
  agent.destroy();
  return out;
}

async function main(): Promise<void> {
  const upstream = await spawnApp();
  const gw = await startGateway();
  await gw.createRole(appsDevRole);
  await gw.createRole('kind: role\nmetadata: { name: bench-admin }\nspec:\n  allow:\n    rules: [{ resources: [token], verbs: [create, read, list] }]\n');
  const admin = await gw.signIn({ roles: ['bench-admin'] });
  const agentArgs = ['--gateway', gw.url, '--token', await joinToken(admin), '--labels', 'env=dev', '--hostname', 'bench-agent', '--data-dir', mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-agent-'))];
  const profiling = process.execArgv.filter((flag) => flag.startsWith('--cpu-prof'));
  const agent = spawn(tsx, [...profiling, 'packages/gateway/src/cli.ts', 'agent', ...agentArgs, '--app', `bench=http://127.0.0.1:${upstream.port}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  await eventually(() => appRepo(gw.server.store).byHost('bench.localhost', Date.now()), 'the agent to announce the app', 60_000);
  const port = Number(new URL(gw.url).port);
  const host = `bench.localhost:${port}`;

  // Launched as the console does: an app session, then the handoff that sets the app host's cookies, posted from the
  // console's page (the gateway takes a handoff only from its own origin).
  const user = await gw.signIn({ roles: ['apps-dev'] });
  const session = (await user.post<AppSessionJson>('/v1/webapi/sessions/app', { fqdn: 'bench.localhost' })).body;
  const cookie = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: appAuthPath, headers: { host, origin: consoleOriginOf(host), 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
      res.resume();
      if (res.statusCode !== 303) return reject(new Error(`handoff answered ${res.statusCode}`));
      resolve((res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '));
    });
    req.end(new URLSearchParams({ value: session.value, subject: session.subject, path: '/' }).toString());
  });
  const direct: Target = { port: upstream.port, host: `127.0.0.1:${upstream.port}` };
  const proxied: Target = { port, host, cookie };

  const children: ChildProcess[] = [];
  const relayPort = await relayChain(upstream.port, 2, children);
  const relayed: Target = { port: relayPort, host: direct.host };

  const app = scriptHop('app', upstream.child);
  const paths = {
    direct: { target: direct, hops: [app], label: 'direct' },
    relayed: { target: relayed, hops: [scriptHop('relay 1', children[1]!), scriptHop('relay 2', children[0]!), app], label: '2 plain relays' },
    proxied: { target: proxied, hops: [thisProcess('gateway'), scriptHop('agent', agent), app], label: 'through the proxy' },
  };
  const runs = { direct: [] as Round[], relayed: [] as Round[], proxied: [] as Round[] };
  // Every process on each path first runs a short round that is not counted: until V8 has compiled its hot code,
  // a process spends a good part of its time compiling and the rest running slower code, which a gateway serving
  // for days does not.
  for (const name of ['direct', 'proxied', 'relayed'] as const) await loadRound(paths[name].target, paths[name].hops, warmupSeconds);
  for (let round = 0; round < rounds; round++) {
    for (const name of ['direct', 'proxied', 'relayed'] as const) runs[name].push(await loadRound(paths[name].target, paths[name].hops));
  }
  const best = (name: keyof typeof runs) => Math.max(...runs[name].map((r) => r.rps));
  const directLatency = await latencies(direct);
  const proxiedLatency = await latencies(proxied);

  const fmt = (n: number) => n.toFixed(0).padStart(7);
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  console.log(`throughput (${connections} keep-alive connections, ${rounds} alternating rounds of ${roundSeconds} s, best round each):`);
  for (const name of ['direct', 'proxied', 'relayed'] as const) {
    console.log(`  ${paths[name].label.padEnd(17)} ${fmt(best(name))} req/s   rounds ${runs[name].map((r) => r.rps.toFixed(0)).join(', ')}`);
  }
  console.log(`  ratio             ${ratio(best('proxied'), best('direct'))} of direct (aim ≥ 50 %)`);
  console.log(`  the 2 relays reach ${ratio(best('relayed'), best('direct'))} of direct (the ceiling of two extra hops here); the proxy reaches ${ratio(best('proxied'), best('relayed'))} of that`);
  // The median round's figure: CPU time per request barely moves with load, unlike requests per second.
  console.log('CPU time per request, each process (µs, median round):');
  for (const name of ['direct', 'proxied', 'relayed'] as const) {
    const names = Object.keys(runs[name][0]!.usPerRequest);
    const median = (k: string) => pct(runs[name].map((r) => r.usPerRequest[k]!), 50);
    const total = names.reduce((sum, k) => sum + median(k), 0);
    console.log(`  ${paths[name].label.padEnd(17)} ${names.map((k) => `${k} ${median(k).toFixed(0)}`).join(', ')}; all ${total.toFixed(0)}`);
  }
  console.log(`latency (one request at a time, ${latencySamples} requests):`);
  for (const p of [50, 99]) {
    const d = pct(directLatency, p);
    const x = pct(proxiedLatency, p);
    console.log(`  p${p}: direct ${ms(d)}, through the proxy ${ms(x)}, added ${ms(x - d)}${p === 50 ? ' (aim ≤ 2 ms)' : ''}`);
  }
  agent.kill();
  children.forEach((c) => c.kill());
  await gw.close();
  upstream.child.kill();
}

const [mode, arg, seconds] = process.argv.slice(2);
if (mode === 'app') void serveApp();
else if (mode === 'load') void load(JSON.parse(arg!) as Target, Number(seconds));
else
  void main().catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
