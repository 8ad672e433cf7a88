/**
 * Database proxy benchmark (`npm run bench databases`). The machine's real PostgreSQL and Redis are used
 * directly and through the gateway, as a person's clients reach them: `portcullis proxy db` on a local port, a
 * websocket per connection to the gateway, the gateway's protocol inspection and per-statement audit, a real
 * agent's tunnel, and the agent's connection to the database.
 *  1. pgbench, select-only (-S, simple protocol), 8 clients: transactions per second, direct and through the
 *     gateway in alternating rounds (this machine's speed drifts, so only runs side by side compare); aim ≥ 40 %.
 *     For scale, the same pgbench through three plain Node TCP relays in a chain (a process each, piping bytes,
 *     no logic at all): the ceiling any client → local proxy → gateway → agent → database path has on this
 *     machine, whatever the gateway does.
 *  2. redis-benchmark GET and SET, 16 clients: requests per second, the same way.
 * Each part runs in a process of its own, as in production: the gateway (this one, SQLite storage), the agent
 * (`portcullis agent --db`), the command line's local proxy, the database and the load.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startGateway, type Client, type TestGateway } from '../test/harness';
import { joinToken } from '../test/apps/fixtures';
import { eventually } from '../test/servers/fixtures';
import { databaseRepo } from '../src/resources/databases/repo';

const run = promisify(execFile);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = 5;
const pgClients = 8;
const redisClients = 16;
const redisRequests = 40_000;
const benchDb = 'portcullis_bench';
const tsx = 'node_modules/.bin/tsx';
const cli = 'packages/gateway/src/cli.ts';

const role = `
kind: role
metadata: { name: bench-db }
spec:
  allow:
    db_labels: { '*': '*' }
    db_users: [postgres, default]
    db_names: [${benchDb}, '0']
    rules:
      - { resources: [db_server, db], verbs: [list, read] }
      - { resources: [token], verbs: [create, read, list] }
`;

/** pgbench's tables in a database of the benchmark's own, made once. */
async function preparePgbench(): Promise<void> {
  const exists = await run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-Atc', `select 1 from pg_database where datname = '${benchDb}'`]);
  if (exists.stdout.trim() !== '1') await run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-c', `create database ${benchDb}`]);
  await run('pgbench', ['-h', '127.0.0.1', '-U', 'postgres', '-i', '-s', '1', '-q', benchDb]);
}

async function pgbench(port: number): Promise<number> {
  const { stdout } = await run('pgbench', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-S', '-n', '-c', String(pgClients), '-j', '2', '-T', String(seconds), benchDb], {
    env: { ...process.env, PGSSLMODE: 'disable' },
  });
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps[1]);
}

/** requests per second of GET and SET. */
async function redisBenchmark(port: number): Promise<{ get: number; set: number }> {
  const { stdout } = await run('redis-benchmark', ['-h', '127.0.0.1', '-p', String(port), '-t', 'get,set', '-n', String(redisRequests), '-c', String(redisClients), '-q']);
  const rate = (cmd: string) => {
    const m = new RegExp(`${cmd}: ([\\d.]+) requests per second`).exec(stdout);
    if (!m) throw new Error(`redis-benchmark printed no ${cmd} rate:\n${stdout}`);
    return Number(m[1]);
  };
  return { get: rate('GET'), set: rate('SET') };
}

/** `portcullis proxy db NAME` as `user`, in a profile home of its own; resolves with its local port. */
async function proxyDb(gw: TestGateway, user: Client & { name: string }, name: string, extra: string[], children: ChildProcess[], homes: string[]): Promise<number> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-profile-'));
  homes.push(home);
  const profile = { proxy: gw.url, user: user.name, cluster: 'localhost', csrf: user.csrf, secret: user.sessionSecret, token: user.session!.token, expires: user.session!.sessionExpires, mfaVerified: false };
  writeFileSync(path.join(home, 'profile.json'), JSON.stringify(profile), { mode: 0o600 });
  const child = spawn(tsx, [cli, 'proxy', 'db', name, '--port', '0', ...extra], { env: { ...process.env, PORTCULLIS_HOME: home }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const [, port] = await eventually(async () => /127\.0\.0\.1:(\d+)/.exec(out) ?? undefined, `the local proxy for ${name}`, 60_000);
  return Number(port);
}

/** A plain TCP relay to 127.0.0.1:`target` in a process of its own (`tsx this relay TARGET`); prints its port. */
function relay(target: number): void {
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as net.AddressInfo).port}\n`));
}

/** Three relays chained in front of `target`; resolves with the first one's port. */
async function relayChain(target: number, children: ChildProcess[]): Promise<number> {
  let port = target;
  for (let i = 0; i < 3; i++) {
    const child = spawn(tsx, [fileURLToPath(import.meta.url), 'relay', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  }
  return port;
}

const best = (xs: number[]) => Math.max(...xs);
const fmt = (n: number) => n.toFixed(0).padStart(7);
const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;

async function main(): Promise<void> {
  await preparePgbench();
  const gw = await startGateway();
  await gw.createRole(role);
  const user = await gw.signIn({ roles: ['bench-db'] });
  const children: ChildProcess[] = [];
  const homes: string[] = [];
  try {
    const agentArgs = ['--gateway', gw.url, '--token', await joinToken(user), '--hostname', 'bench-db-agent', '--data-dir', mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-agent-'))];
    const dbs = [`pg=postgres://postgres@127.0.0.1:5432/${benchDb}`, 'cache=redis://127.0.0.1:6379'];
    children.push(spawn(tsx, [cli, 'agent', ...agentArgs, ...dbs.flatMap((d) => ['--db', d])], { stdio: ['ignore', 'ignore', 'inherit'] }));
    const repo = databaseRepo(gw.server.store);
    await eventually(async () => (await repo.byName('cache', Date.now())).length > 0 || undefined, 'the agent to announce the databases', 60_000);
    const pgPort = await proxyDb(gw, user, 'pg', [], children, homes);
    const redisPort = await proxyDb(gw, user, 'cache', ['--db-user', 'default'], children, homes);

    const relayPort = await relayChain(5432, children);
    const pg = { direct: [] as number[], proxied: [] as number[], relayed: [] as number[] };
    const redis = { direct: [] as Array<{ get: number; set: number }>, proxied: [] as Array<{ get: number; set: number }> };
    for (let round = 0; round < rounds; round++) {
      pg.direct.push(await pgbench(5432));
      pg.proxied.push(await pgbench(pgPort));
      pg.relayed.push(await pgbench(relayPort));
      redis.direct.push(await redisBenchmark(6379));
      redis.proxied.push(await redisBenchmark(redisPort));
    }
    const audited = (await gw.server.store.events.search({ from: 0, to: Date.now() + 60_000, limit: 1, order: 'desc', types: ['db.session.query'] })).events.length;

    console.log(`pgbench select-only (${pgClients} clients, ${rounds} alternating rounds of ${seconds} s, best round each):`);
    console.log(`  direct            ${fmt(best(pg.direct))} tps   rounds ${list(pg.direct)}`);
    console.log(`  through gateway   ${fmt(best(pg.proxied))} tps   rounds ${list(pg.proxied)}`);
    console.log(`  ratio             ${pct(best(pg.proxied), best(pg.direct))} of direct (aim ≥ 40 %)`);
    console.log(`  3 plain relays    ${fmt(best(pg.relayed))} tps   rounds ${list(pg.relayed)}  (${pct(best(pg.relayed), best(pg.direct))} of direct: the ceiling of three hops here)`);
    console.log(`  the gateway's path reaches ${pct(best(pg.proxied), best(pg.relayed))} of that ceiling`);
    for (const cmd of ['get', 'set'] as const) {
      const d = redis.direct.map((r) => r[cmd]);
      const p = redis.proxied.map((r) => r[cmd]);
      console.log(`redis-benchmark ${cmd.toUpperCase()} (${redisClients} clients, ${redisRequests} requests, ${rounds} alternating rounds, best each):`);
      console.log(`  direct            ${fmt(best(d))} req/s   rounds ${list(d)}`);
      console.log(`  through gateway   ${fmt(best(p))} req/s   rounds ${list(p)}`);
      console.log(`  ratio             ${pct(best(p), best(d))} of direct (aim ≥ 40 %)`);
    }
    if (!audited) throw new Error('no statement was audited: the benchmark did not go through the gateway');
  } finally {
    children.forEach((c) => c.kill());
    homes.forEach((h) => rmSync(h, { recursive: true, force: true }));
    await gw.close();
  }
}

const [mode, arg] = process.argv.slice(2);
if (mode === 'relay') relay(Number(arg));
else
  void main().catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
