/**
 * Audit log benchmark (`npm run bench events`): the newest page of events through GET /events/search at
 * 1,000,000 stored events, median and p95, on SQLite and on PostgreSQL. The baseline, measured in the same
 * run on the same gateway, is the same request at 10,000 events: with keyset paging on the (time, id) index
 * the page should cost about the same at a hundred times the rows. Also one deep page (a startKey far into
 * the log) and a filtered page, to show neither scans the table.
 */
import { sql } from 'kysely';
import { encodeCursor } from '../src/management/audit/cursor';
import { engines, startGateway, type Client, type TestGateway } from '../test/harness';
import { fmtMs, percentile, timeRuns } from './stats';

const total = 1_000_000;
const baselineCount = 10_000;
const runs = 60;

/** Inserts events numbered [from, to) one second apart in 2025, generated inside the database itself. */
async function generate(gw: TestGateway, from: number, to: number): Promise<void> {
  const db = gw.server.store.db;
  const start = Date.UTC(2025, 0, 1);
  const row = (n: string) =>
    sql`${start} + ${sql.raw(n)} * 1000, CASE ${sql.raw(n)} % 4 WHEN 0 THEN 'user.login' WHEN 1 THEN 'session.start' WHEN 2 THEN 'session.end' ELSE 'role.created' END,
        CASE ${sql.raw(n)} % 4 WHEN 0 THEN 'T1000I' WHEN 1 THEN 'T2000I' WHEN 2 THEN 'T2004I' ELSE 'T9000I' END, 'bench',
        '{"event":"user.login","code":"T1000I","user":"bench","seq":' || ${sql.raw(n)} || '}'`;
  if (gw.engine === 'postgres') {
    await sql`INSERT INTO events (time, type, code, username, data) SELECT ${row('n')} FROM generate_series(${from}::bigint, ${to - 1}::bigint) AS n`.execute(db);
  } else {
    await sql`WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < ${to})
      INSERT INTO events (time, type, code, username, data) SELECT ${row('n')} FROM seq`.execute(db);
  }
  if (gw.engine === 'postgres') await sql`ANALYZE events`.execute(db);
  const { n } = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('username', '=', 'bench').executeTakeFirstOrThrow();
  if (Number(n) !== to) throw new Error(`expected ${to} generated events, found ${n}`);
}

async function newestPage(client: Client, query = '') {
  const res = await client.get(`/v1/webapi/sites/localhost/events/search?from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&limit=500${query}`);
  if (res.status !== 200 || res.body.events.length !== 500) throw new Error(`unexpected answer ${res.status}`);
  return res.body as { events: unknown[]; startKey: string };
}

async function measure(label: string, fn: () => Promise<unknown>) {
  const t = await timeRuns(runs, fn);
  const row = { median: percentile(t, 50), p95: percentile(t, 95) };
  console.log(`  ${label.padEnd(46)} median ${fmtMs(row.median).padStart(10)}   p95 ${fmtMs(row.p95).padStart(10)}`);
  return row;
}

async function main() {
  for (const engine of engines) {
    const gw = await startGateway({ engine });
    try {
      const auditor = await gw.signIn({ roles: ['auditor'] });
      console.log(`\n${engine}: newest page of 500 events via GET /v1/webapi/sites/{id}/events/search (${runs} requests each)`);
      await generate(gw, 0, baselineCount);
      const base = await measure(`baseline at ${baselineCount.toLocaleString('en')} events`, () => newestPage(auditor));
      const started = performance.now();
      await generate(gw, baselineCount, total);
      console.log(`  (generated ${(total - baselineCount).toLocaleString('en')} more events in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      const big = await measure(`at ${total.toLocaleString('en')} events`, () => newestPage(auditor));
      // A page half way through the log, as if the console had paged there.
      const deepKey = encodeCursor({ time: Date.UTC(2025, 0, 1) + 500_000 * 1000, id: Number.MAX_SAFE_INTEGER });
      await measure('page 500,000 events deep (startKey)', () => newestPage(auditor, `&startKey=${deepKey}`));
      await measure('newest page filtered by include=session.end', () => newestPage(auditor, '&include=session.end'));
      console.log(`  ratio at ${total.toLocaleString('en')} vs ${baselineCount.toLocaleString('en')}: median ×${(big.median / base.median).toFixed(2)}, p95 ×${(big.p95 / base.p95).toFixed(2)}`);
    } finally {
      await gw.close();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
