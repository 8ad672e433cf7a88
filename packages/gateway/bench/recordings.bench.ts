/**
 * Recordings benchmark (`npm run bench recordings`).
 *
 * Playback: a one-hour, 100 MB SSH recording is generated with the real writer, then played through the real
 * HTTP endpoints of a running gateway by the console's own PlayerEngine (its RecordingSource here is fetch with
 * the bearer token). Reported: time from nothing to the first output on screen (playback start) and the time of
 * a seek into the middle (and to random points), against a baseline measured in the same run: downloading the
 * whole recording, which is what a player without an index and keyframes would have to do first.
 *
 * Memory: 1,000 sessions on a real agent node, each joined by an observer over the real terminal websocket, left
 * idle; the gateway's heap and RSS growth per joined session (sessions opened first without joiners, so the
 * difference is the cost of a join). Set BENCH_SESSIONS to change the count.
 *
 * Search: the text of 1,000 recordings (about 100 lines each, typed and printed) is indexed by the real indexer,
 * on SQLite and on PostgreSQL; a rare string is searched for 50 times through the real HTTP endpoint. Reported:
 * the p95, against a baseline measured in the same run: the same match as a scan of every line, with no index.
 */
import { encodeControl, terminalSocketPath, type TerminalParams } from '@portcullis/shared';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { PlayerEngine } from '../../console-kit/src/player/PlayerEngine';
import type { RecordingSource } from '../../console-kit/src/player/recording';
import { sql } from 'kysely';
import { RecordingIndexer } from '../src/resources/recordings/search/indexer';
import { RecordingStore } from '../src/resources/recordings/store';
import { engines, startGateway, type Client, type TestGateway } from '../test/harness';
import { createJoinToken, startAgent } from '../test/servers/fixtures';
import { fmtMs, percentile, timeRuns } from './stats';

const hourMs = 3_600_000;
const targetBytes = 100 * 1024 * 1024;
const stepMs = 100;
/** The writer's clock, moved by hand: an hour of session time is written in seconds. */
const clock = { now: Date.UTC(2026, 0, 1) };

/** One hour of a busy terminal: coloured log lines at an even rate, about 100 MB in all. */
async function generateRecording(store: RecordingStore, sid: string): Promise<number> {
  const writer = await store.create({ sid, cols: 120, rows: 40, login: 'root', serverId: 'bench', serverHostname: 'bench', clusterName: 'localhost', user: 'bench', interactive: true });
  const steps = hourMs / stepMs;
  const perStep = Math.ceil(targetBytes / steps);
  let line = 0;
  for (let i = 0; i < steps; i++) {
    let chunk = '';
    while (chunk.length < perStep) {
      line += 1;
      chunk += `\x1b[3${line % 8}m${new Date(clock.now).toISOString()} worker-${line % 17} processed request ${line} in ${line % 997} ms\x1b[0m\r\n`;
    }
    writer.output(Buffer.from(chunk));
    clock.now += stepMs;
    if (i % 50 === 0) await new Promise((r) => setImmediate(r));
  }
  await writer.close();
  return line;
}

function httpSource(gw: TestGateway, client: Client, sid: string): RecordingSource {
  const base = `${gw.url}/v1/webapi/sites/localhost/sessions/${sid}/recording`;
  const headers = { authorization: `Bearer ${client.session!.token}`, cookie: client.cookieHeader() };
  const json = async <T>(url: string): Promise<T> => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    summary: () => json(base),
    events: (page) => json(`${base}/events?${'fromMs' in page ? `from=${page.fromMs}` : `startKey=${page.startKey}`}&limit=2000&bytes=${256 * 1024}`),
    seek: (at) => json(`${base}/seek?at=${Math.floor(at)}`),
    bytes: async (offset, length) => new Uint8Array(await (await fetch(`${base}/stream?offset=${offset}&bytes=${length}`, { headers })).arrayBuffer()),
  };
}

/** A screen that only notes when the first output arrives. */
function countingScreen() {
  const screen = { bytes: 0, firstAt: 0, reset: () => undefined, resize: () => undefined, write: (d: Uint8Array | string) => {
    if (!screen.firstAt && d.length) screen.firstAt = performance.now();
    screen.bytes += d.length;
  } };
  return screen;
}

async function playback(gw: TestGateway) {
  const store = new RecordingStore(gw.server.gw.config.dataDir, { now: () => clock.now });
  const sid = 'bench-one-hour';
  const started = performance.now();
  const lines = await generateRecording(store, sid);
  const viewer = await gw.signIn({ roles: ['auditor'] });
  const source = httpSource(gw, viewer, sid);
  const summary = await source.summary();
  console.log(`  generated ${(summary.bytes / 1024 / 1024).toFixed(1)} MB, ${lines.toLocaleString('en')} lines, ${(summary.durationMs / 60_000).toFixed(1)} min in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const full = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    for (let offset = 0; offset < summary.bytes; offset += 4 * 1024 * 1024) await source.bytes(offset, 4 * 1024 * 1024);
    full.push(performance.now() - t0);
  }
  const baseline = percentile(full, 50);
  console.log(`  baseline: download the whole recording first                 ${fmtMs(baseline).padStart(12)}`);

  const starts = [];
  for (let i = 0; i < 15; i++) {
    const screen = countingScreen();
    const player = new PlayerEngine(source, screen);
    const t0 = performance.now();
    await player.load();
    while (!screen.firstAt) await new Promise((r) => setTimeout(r, 1));
    starts.push(screen.firstAt - t0);
    player.dispose();
  }
  const start = percentile(starts, 50);
  console.log(`  playback start (first output on screen), median of 15         ${fmtMs(start).padStart(12)}   p95 ${fmtMs(percentile(starts, 95))}   aim ≤ 500 ms   ${(baseline / start).toFixed(0)}× faster than baseline`);

  const screen = countingScreen();
  const player = new PlayerEngine(source, screen);
  await player.load();
  const middles = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    await player.seek(summary.durationMs / 2 + i * 1000);
    middles.push(performance.now() - t0);
  }
  const middle = percentile(middles, 50);
  console.log(`  seek to the middle (30 min), median of 15                     ${fmtMs(middle).padStart(12)}   p95 ${fmtMs(percentile(middles, 95))}   aim ≤ 1 s   ${(baseline / middle).toFixed(0)}× faster than baseline`);
  const randoms = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await player.seek(Math.random() * summary.durationMs);
    randoms.push(performance.now() - t0);
  }
  console.log(`  seek to random points, median of 30                           ${fmtMs(percentile(randoms, 50)).padStart(12)}   max ${fmtMs(Math.max(...randoms))}`);
  player.dispose();
}

function openSocket(gw: TestGateway, client: Client, params: TerminalParams): Promise<WebSocket> {
  const socket = new WebSocket(`${gw.url.replace(/^http/, 'ws')}${terminalSocketPath('localhost', client.session!.token, params)}`, { headers: { cookie: client.cookieHeader() } });
  return new Promise((resolve, reject) => {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary && data.length) socket.send(encodeControl({ type: 'ack', bytes: data.length }));
      if (!isBinary && data.toString().includes('"type":"session"')) resolve(socket);
    });
    socket.once('error', reject);
  });
}

// npm run bench starts tsx without --expose-gc; V8 can still hand out its collector.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 200));
  }
  return process.memoryUsage();
};

async function joinedMemory(gw: TestGateway) {
  const count = Number(process.env.BENCH_SESSIONS ?? 1000);
  await gw.createRole(`
kind: role
metadata: { name: bench-owner }
spec:
  allow: { logins: [root], node_labels: { '*': '*' }, rules: [{ resources: [node, token], verbs: [list, read, create] }] }
`);
  await gw.createRole(`
kind: role
metadata: { name: bench-observer }
spec:
  allow: { join_sessions: [{ name: all, roles: ['*'], kinds: [ssh], modes: [observer] }], rules: [{ resources: [session_tracker], verbs: [list] }] }
`);
  const owner = await gw.signIn({ roles: ['bench-owner'] });
  const observer = await gw.signIn({ roles: ['bench-observer'] });
  const { agent, nodeId } = await startAgent(gw.url, await createJoinToken(owner), { labels: { env: 'bench' } });
  const owners: WebSocket[] = [];
  const joined: WebSocket[] = [];
  try {
    const params = { server_id: nodeId, login: 'root', term: { w: 80, h: 24 } };
    for (let i = 0; i < count; i++) owners.push(await openSocket(gw, owner, params));
    // Past the keyframer's idle time, so each session is as it is when nobody types.
    await new Promise((r) => setTimeout(r, 6_000));
    const before = await settle();
    const sids = (await observer.get('/v1/webapi/sites/localhost/sessions')).body.sessions.map((s: { id: string }) => s.id) as string[];
    for (const sid of sids) joined.push(await openSocket(gw, observer, { ...params, sid, mode: 'observer' }));
    await new Promise((r) => setTimeout(r, 6_000));
    const after = await settle();
    const per = (k: 'heapUsed' | 'rss' | 'external') => ((after[k] - before[k]) / joined.length / 1024).toFixed(1);
    console.log(`  ${owners.length} sessions open on a real agent node, ${joined.length} of them joined by an observer, all idle`);
    console.log(`  per idle joined session: heap ${per('heapUsed')} KiB, external ${per('external')} KiB, RSS ${per('rss')} KiB   (gateway, agent and both socket ends share this process)`);
    console.log(`  whole process with ${owners.length} sessions and ${joined.length} joins: RSS ${(after.rss / 1024 / 1024).toFixed(0)} MiB, heap ${(after.heapUsed / 1024 / 1024).toFixed(0)} MiB`);
  } finally {
    for (const s of [...joined, ...owners]) s.close();
    await agent.stop();
  }
}

const searchedRecordings = 1000;
const rareText = 'rotate-key-7f3a9c';

/** About 100 lines of an ordinary shell session: prompts, commands typed, listings and coloured logs. */
function feedSession(indexer: RecordingIndexer, i: number) {
  const sid = `bench-search-${i}`;
  const startTime = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const text = indexer.open({ version: 1, sid, startTime, cols: 120, rows: 40, login: 'root', serverId: `node-${i % 50}`, serverHostname: `node-${i % 50}.example.internal`, clusterName: 'localhost', user: `user${i % 20}`, interactive: true }, 'ssh');
  let t = 0;
  const prompt = `\x1b]0;root@node-${i % 50}: ~\x07\x1b[01;32mroot@node-${i % 50}\x1b[00m:\x1b[01;34m~\x1b[00m# `;
  const commands = ['ls -la /var/log', 'journalctl -u nginx --since today', 'systemctl status postgresql', `tail -n 20 /srv/app-${i % 7}/current.log`, 'df -h'];
  // A few sessions, and only those, run the rare command.
  if (i % 333 === 7) commands.push(`vault write -f transit/keys/${rareText}/rotate`);
  for (const command of commands) {
    text.output(t, Buffer.from(prompt));
    t += 400;
    for (const key of `${command}\r`) text.input((t += 90), Buffer.from(key));
    text.output(t, Buffer.from(`${command}\r\n`));
    let out = '';
    for (let line = 0; line < 18; line++) {
      out += `\x1b[3${line % 8}m2026-01-01T10:${String(line).padStart(2, '0')}:00Z\x1b[0m worker-${(i + line) % 17} handled request ${i * 100 + line} in ${(line * 37) % 997} ms status=200\r\n`;
    }
    text.output((t += 50), Buffer.from(out));
  }
  text.end(t);
}

async function search(engine: (typeof engines)[number]) {
  const gw = await startGateway({ engine });
  try {
    const indexer = new RecordingIndexer(gw.server.store);
    const started = performance.now();
    for (let i = 0; i < searchedRecordings; i++) {
      feedSession(indexer, i);
      // As sessions would, leave storage time to keep up: past its backlog cap the indexer drops lines.
      if (i % 20 === 19) await indexer.flush();
    }
    await indexer.flush();
    const { lines } = await gw.server.store.db.selectFrom('recording_text_lines').select((eb) => eb.fn.countAll<number>().as('lines')).executeTakeFirstOrThrow();
    console.log(`  ${engine}: indexed ${searchedRecordings.toLocaleString('en')} recordings, ${Number(lines).toLocaleString('en')} lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const viewer = await gw.signIn({ roles: ['auditor'] });
    const url = `/v1/webapi/sites/localhost/recordings/search?query=${encodeURIComponent(rareText.toUpperCase())}`;
    const hits = (await viewer.get(url)).body.hits.length as number;
    const searches = await timeRuns(50, async () => {
      const res = await viewer.get(url);
      if (res.status !== 200) throw new Error(`search: ${res.status} ${JSON.stringify(res.body)}`);
    });
    // What search would cost without the trigram index: every line read and compared.
    const scan = sql`select count(*) from recording_text_lines where lower(text) like ${`%${rareText.toLowerCase()}%`}`;
    const baseline = percentile(await timeRuns(10, () => scan.execute(gw.server.store.db), 2), 50);
    console.log(`    baseline: scan every line for the text, no index, median of 10   ${fmtMs(baseline).padStart(12)}`);
    const median = percentile(searches, 50);
    console.log(`    search for a rare string (${hits} hits) over HTTP, median of 50    ${fmtMs(median).padStart(12)}   p95 ${fmtMs(percentile(searches, 95))}   aim p95 ≤ 200 ms   ${(baseline / median).toFixed(1)}× faster than baseline`);
  } finally {
    await gw.close();
  }
}

async function main() {
  const gw = await startGateway();
  try {
    // Memory first, so nothing the playback part leaves behind is collected in between its two readings.
    console.log('\nMemory per idle joined session');
    await joinedMemory(gw);
    console.log('\nPlayback of a one-hour, 100 MB recording through the HTTP endpoints');
    await playback(gw);
  } finally {
    await gw.close();
  }
  console.log(`\nSearch across ${searchedRecordings.toLocaleString('en')} recordings`);
  for (const engine of engines) await search(engine);
}

await main();
process.exit(0);
