/**
 * Login benchmark (`npm run bench login`), at the production argon2id cost.
 *  - Baseline: raw hash capacity, argon2 verifications per second in this process with as many in flight
 *    as the libuv pool has threads, measured first in the same run.
 *  - Login throughput: POST /v1/webapi/sessions/web from concurrent clients against a real gateway started
 *    with `portcullis start` in its own process (SQLite, default config), as a share of that capacity. Each
 *    login is one verification plus a session and an audit event; the gateway runs at most (cores - 1)
 *    hashes at once so the event loop keeps a core.
 *  - Responsiveness: GET /v1/webapi/ping latency, idle and during the login load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PasswordHasher, defaultHashConcurrency } from '../src/platform/passwords/password';
import { defaultPasswordHashing } from '../src/platform/config/config';
import { encode } from '../test/harness';
import { fmtMs, percentile } from './stats';

const seconds = 8;
const loginClients = 16;
const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const port = 3990;
const url = `http://127.0.0.1:${port}`;
const password = 'benchmark password';

async function hashCapacity(inFlight: number): Promise<number> {
  const hasher = new PasswordHasher(defaultPasswordHashing, inFlight);
  const stored = await hasher.hash(password);
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        if (!(await hasher.verify(stored, password))) throw new Error('verify failed');
        done++;
      }
    }),
  );
  return done / seconds;
}

/** Starts `portcullis start` from source and answers the admin invite token it prints. */
async function startGateway(dataDir: string) {
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const child = spawn(path.resolve('node_modules/.bin/tsx'), [cli, 'start', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const invite = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /\/web\/invite\/([0-9a-f]+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}:\n${out}`)));
  });
  child.stdout.resume();
  return { child, invite };
}

const csrf = 'b'.repeat(64);
const headers = { 'content-type': 'application/json', cookie: `grv_csrf=${csrf}`, 'x-csrf-token': csrf };
const call = (method: string, p: string, body: unknown) => fetch(`${url}${p}`, { method, headers, body: JSON.stringify(body) });

/** Pings every 20 ms until stopped, recording each latency. */
function probe() {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${url}/v1/webapi/ping`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies;
  };
}

async function main() {
  console.log(`argon2id ${defaultPasswordHashing.memoryKiB} KiB, ${defaultPasswordHashing.iterations} passes; ${availableParallelism()} cores; libuv pool ${threads} threads; ${seconds} s per phase`);
  const capacity = await hashCapacity(threads);
  console.log(`  baseline: raw hash capacity (${threads} in flight)    ${capacity.toFixed(1)} verifications/s`);
  const limited = await hashCapacity(defaultHashConcurrency);
  console.log(`  baseline: at the gateway's limit (${defaultHashConcurrency} in flight) ${limited.toFixed(1)} verifications/s`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-bench-'));
  const { child, invite } = await startGateway(dataDir);
  try {
    const set = await call('PUT', '/v1/webapi/users/password/token', { token: invite, password: encode(password) });
    if (set.status !== 200) throw new Error(`setting the admin password answered ${set.status}`);

    const stopIdle = probe();
    await new Promise((r) => setTimeout(r, 3000));
    const idle = await stopIdle();

    const stopProbe = probe();
    let logins = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: loginClients }, async () => {
        while (performance.now() < until) {
          const res = await call('POST', '/v1/webapi/sessions/web', { user: 'admin', pass: encode(password) });
          if (res.status !== 200) throw new Error(`login answered ${res.status}`);
          await res.arrayBuffer();
          logins++;
        }
      }),
    );
    const loaded = await stopProbe();

    const rate = logins / seconds;
    console.log(`  login throughput (${loginClients} clients)               ${rate.toFixed(1)} logins/s = ${((rate / capacity) * 100).toFixed(0)}% of raw capacity, ${((rate / limited) * 100).toFixed(0)}% of capacity at the limit`);
    console.log(`  /ping latency idle                            median ${fmtMs(percentile(idle, 50))}  p95 ${fmtMs(percentile(idle, 95))}`);
    console.log(`  /ping latency during the logins               median ${fmtMs(percentile(loaded, 50))}  p95 ${fmtMs(percentile(loaded, 95))}  max ${fmtMs(Math.max(...loaded))}  (${loaded.length} pings)`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
