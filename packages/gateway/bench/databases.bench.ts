/**
 * Database proxy benchmark (`npm run bench databases`). The machine's real PostgreSQL and Redis are used
 * directly and through the gateway, as a person's clients reach them: `portcullis proxy db` on a local port, a
 * websocket per connection to the gateway, the gateway's protocol inspection and per-statement audit, a real
 * agent's tunnel, and the agent's connection to the database.
 *  1. pgbench, select-only (-S, simple protocol), 8 clients: transactions per second, direct and through the
 *     gateway in alternating rounds (this machine's speed drifts, so only runs side by side compare); aim ≥ 40 %.
 *     Both ways in: the websocket path (`portcullis proxy db`) and the gateway's database listener (TLS with a
 *     client certificate from /sign/db, verify-full, then the agent), which drops the local proxy's hop. For
 *     scale, the same pgbench through one, two and three plain Node TCP relays in a chain (a process each,
 *     piping bytes, no logic at all): the ceilings of the listener's path (two hops: gateway, agent) and the
 *     websocket path's (three: local proxy, gateway, agent) on this machine, whatever the gateway does; and one
 *     relay that takes TLS as the listener does, for what TLS costs a hop.
 *  2. redis-benchmark GET and SET, 16 clients: requests per second, the same way (the listener with --tls), and
 *     through two plain relays for the ceiling of the listener's two hops.
 * Each part runs in a process of its own, as in production: the gateway (this one, SQLite storage), the agent
 * (`portcullis agent --db`), the command line's local proxy, the database and the load.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { createSecureContext, TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { startGateway, type Client, type TestGateway } from '../test/harness';
import { joinToken } from '../test/apps/fixtures';
import { eventually } from '../test/servers/fixtures';
import { DatabaseCertificateAuthority } from '../src/resources/databases/certificates/authority';
import { databaseRepo } from '../src/resources/databases/repo';
import { certificateFor } from '../test/databases/certificateFixtures';
import { relayChain } from './relay';

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

/** pgbench against 127.0.0.1:`port` in the clear, or with `tls` (libpq's PG* variables) against its host. */
async function pgbench(port: number, tls?: { host: string; env: Record<string, string> }): Promise<number> {
  const { stdout } = await run('pgbench', ['-h', tls?.host ?? '127.0.0.1', '-p', String(port), '-U', 'postgres', '-S', '-n', '-c', String(pgClients), '-j', '2', '-T', String(seconds), benchDb], {
    env: { ...process.env, PGSSLMODE: 'disable', ...tls?.env },
  });
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps[1]);
}

/**
 * Runs a pgbench and records the gateway's CPU time (this process's, which runs it) per transaction in `into`:
 * unlike transactions per second, that does not move when other work shares the machine.
 */
async function gatewayCpu(bench: () => Promise<number>, into: number[]): Promise<number> {
  const before = process.cpuUsage();
  const tps = await bench();
  const used = process.cpuUsage(before);
  into.push((used.user + used.system) / (tps * seconds));
  return tps;
}

/**
 * One hop that takes TLS as the gateway's listener does (SSLRequest answered 'S', then the handshake) and pipes
 * the plain bytes on to 127.0.0.1:`target`: beside one plain relay, what TLS costs a hop. It runs in this process,
 * which is otherwise idle while it is measured. Resolves with its port.
 */
async function tlsRelay(target: number, own: { cert: string; key: string }, servers: net.Server[]): Promise<number> {
  const secureContext = createSecureContext(own);
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      // The client waits for the answer to its SSLRequest before its handshake, so those 8 bytes came alone.
      socket.pause();
      socket.write('S');
      const tls = new TLSSocket(socket, { isServer: true, secureContext });
      const upstream = net.connect(target, '127.0.0.1');
      upstream.setNoDelay(true);
      tls.pipe(upstream).pipe(tls);
      tls.on('error', () => upstream.destroy());
      upstream.on('error', () => tls.destroy());
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** requests per second of GET and SET. */
async function redisBenchmark(port: number, tls?: { host: string; args: string[] }): Promise<{ get: number; set: number }> {
  const { stdout } = await run('redis-benchmark', ['-h', tls?.host ?? '127.0.0.1', '-p', String(port), ...(tls?.args ?? []), '-t', 'get,set', '-n', String(redisRequests), '-c', String(redisClients), '-q']);
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
  const servers: net.Server[] = [];
  try {
    const agentArgs = ['--gateway', gw.url, '--token', await joinToken(user), '--hostname', 'bench-db-agent', '--data-dir', mkdtempSync(path.join(os.tmpdir(), 'portcullis-bench-agent-'))];
    const dbs = [`pg=postgres://postgres@127.0.0.1:5432/${benchDb}`, 'cache=redis://127.0.0.1:6379'];
    children.push(spawn(tsx, [cli, 'agent', ...agentArgs, ...dbs.flatMap((d) => ['--db', d])], { stdio: ['ignore', 'ignore', 'inherit'] }));
    const repo = databaseRepo(gw.server.store);
    await eventually(async () => (await repo.byName('cache', Date.now())).length > 0 || undefined, 'the agent to announce the databases', 60_000);
    const pgPort = await proxyDb(gw, user, 'pg', [], children, homes);
    const redisPort = await proxyDb(gw, user, 'cache', ['--db-user', 'default'], children, homes);

    const { files, answer } = await certificateFor(user, 'pg');
    const listener = { host: answer.listen_addr.slice(0, answer.listen_addr.lastIndexOf(':')), port: Number(answer.listen_addr.slice(answer.listen_addr.lastIndexOf(':') + 1)) };
    const listenerTls = { host: listener.host, env: { PGSSLMODE: 'verify-full', PGSSLCERT: files.cert, PGSSLKEY: files.key, PGSSLROOTCERT: files.ca } };
    const cache = (await certificateFor(user, 'cache')).files;
    const redisTls = { host: listener.host, args: ['--tls', '--cert', cache.cert, '--key', cache.key, '--cacert', cache.ca] };
    const relayPorts = [await relayChain(5432, 1, children), await relayChain(5432, 2, children), await relayChain(5432, 3, children)];
    const redisRelayPort = await relayChain(6379, 2, children);
    const tlsRelayPort = await tlsRelay(5432, await (await DatabaseCertificateAuthority.loadOrCreate(gw.server.store)).issueServer(['localhost', '127.0.0.1'], Date.now()), servers);
    const tlsRelayed: number[] = [];
    const pg = { direct: [] as number[], proxied: [] as number[], listener: [] as number[], relayed: relayPorts.map(() => [] as number[]) };
    const cpu = { proxied: [] as number[], listener: [] as number[] };
    const redis = { direct: [] as Array<{ get: number; set: number }>, proxied: [] as Array<{ get: number; set: number }>, listener: [] as Array<{ get: number; set: number }>, relayed: [] as Array<{ get: number; set: number }> };
    for (let round = 0; round < rounds; round++) {
      pg.direct.push(await pgbench(5432));
      pg.proxied.push(await gatewayCpu(() => pgbench(pgPort), cpu.proxied));
      pg.listener.push(await gatewayCpu(() => pgbench(listener.port, listenerTls), cpu.listener));
      for (const [hops, port] of relayPorts.entries()) pg.relayed[hops]!.push(await pgbench(port));
      tlsRelayed.push(await pgbench(tlsRelayPort, { host: 'localhost', env: { PGSSLMODE: 'verify-full', PGSSLROOTCERT: files.ca } }));
      redis.direct.push(await redisBenchmark(6379));
      redis.proxied.push(await redisBenchmark(redisPort));
      redis.listener.push(await redisBenchmark(listener.port, redisTls));
      redis.relayed.push(await redisBenchmark(redisRelayPort));
    }
    const audited = (await gw.server.store.events.search({ from: 0, to: Date.now() + 60_000, limit: 1, order: 'desc', types: ['db.session.query'] })).events.length;

    console.log(`pgbench select-only (${pgClients} clients, ${rounds} alternating rounds of ${seconds} s, best round each):`);
    console.log(`  direct            ${fmt(best(pg.direct))} tps   rounds ${list(pg.direct)}`);
    console.log(`  through gateway   ${fmt(best(pg.proxied))} tps   rounds ${list(pg.proxied)}  (portcullis proxy db, websocket, agent)`);
    console.log(`  ratio             ${pct(best(pg.proxied), best(pg.direct))} of direct (aim ≥ 40 %)`);
    console.log(`  gateway listener  ${fmt(best(pg.listener))} tps   rounds ${list(pg.listener)}  (TLS, client certificate, agent)`);
    console.log(`  ratio             ${pct(best(pg.listener), best(pg.direct))} of direct (aim ≥ 40 %)`);
    console.log(`  gateway CPU per transaction: websocket path ${list(cpu.proxied)} µs, listener ${list(cpu.listener)} µs (this process's user+system time over the run's transactions)`);
    for (const [hops, tps] of pg.relayed.entries()) {
      console.log(`  ${hops + 1} plain relay${hops ? 's' : ' '}    ${fmt(best(tps))} tps   rounds ${list(tps)}  (${pct(best(tps), best(pg.direct))} of direct: the ceiling of ${hops + 1} hop${hops ? 's' : ''} here)`);
    }
    console.log(`  1 relay with TLS  ${fmt(best(tlsRelayed))} tps   rounds ${list(tlsRelayed)}  (${pct(best(tlsRelayed), best(pg.relayed[0]!))} of one plain relay: what TLS costs a hop here)`);
    console.log(`  the websocket path (3 hops) reaches ${pct(best(pg.proxied), best(pg.relayed[2]!))} of its ceiling; the listener (2 hops) ${pct(best(pg.listener), best(pg.relayed[1]!))} of its`);
    for (const cmd of ['get', 'set'] as const) {
      const d = redis.direct.map((r) => r[cmd]);
      const p = redis.proxied.map((r) => r[cmd]);
      const l = redis.listener.map((r) => r[cmd]);
      const r2 = redis.relayed.map((r) => r[cmd]);
      console.log(`redis-benchmark ${cmd.toUpperCase()} (${redisClients} clients, ${redisRequests} requests, ${rounds} alternating rounds, best each):`);
      console.log(`  direct            ${fmt(best(d))} req/s   rounds ${list(d)}`);
      console.log(`  through gateway   ${fmt(best(p))} req/s   rounds ${list(p)}`);
      console.log(`  ratio             ${pct(best(p), best(d))} of direct (aim ≥ 40 %)`);
      console.log(`  gateway listener  ${fmt(best(l))} req/s   rounds ${list(l)}  (redis-benchmark --tls, client certificate)`);
      console.log(`  ratio             ${pct(best(l), best(d))} of direct (aim ≥ 40 %)`);
      console.log(`  2 plain relays    ${fmt(best(r2))} req/s   rounds ${list(r2)}  (${pct(best(r2), best(d))} of direct: the ceiling of 2 hops here)`);
    }
    if (!audited) throw new Error('no statement was audited: the benchmark did not go through the gateway');
  } finally {
    children.forEach((c) => c.kill());
    servers.forEach((s) => s.close());
    homes.forEach((h) => rmSync(h, { recursive: true, force: true }));
    await gw.close();
  }
}

void main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
