/**
 * Fuzzing benchmark (`npm run bench fuzz`): the fuzz test's generator (test/fuzz) run much longer, on SQLite and
 * on PostgreSQL. Each engine gets one gateway and `rounds` rounds, each with a fresh random seed (printed, so a
 * failure can be replayed with FUZZ_SEED=<seed>), every hostile path value at every parameter and many more
 * random combinations than the test sends.
 *  - Report: requests sent, answers by class, the slowest refusals.
 *  - Baseline: the same number of well-formed GET /v1/webapi/ping requests, sent the same way, in the same run;
 *    the fuzz rate is given as a share of it.
 * Exits non-zero on any 5xx, refusal without a message, hang or crash.
 */
import { rmSync } from 'node:fs';
import { apiPaths } from '@portcullis/shared';
import { engines, startGateway } from '../test/harness';
import { newSeed } from '../test/fuzz/random';
import { fuzzRoutes, prepareFuzzing, standInConsole, type Answer } from '../test/fuzz/run';
import { send } from '../test/fuzz/send';
import { fmtMs } from './stats';

const replay = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const rounds = replay === undefined ? Number(process.env.FUZZ_ROUNDS ?? 14) : 1;
const budget = { everyParam: true, randomCases: 40 };
const concurrency = 4;
const shownProblems = 30;

/** Well-formed pings from `concurrency` loops until `count` are answered; answers requests per second. */
async function pingRate(port: number, count: number): Promise<number> {
  let left = count;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const res = await send(port, { method: 'GET', path: apiPaths.ping, headers: [] });
        if (res.status !== 200) throw new Error(`/ping answered ${res.status}`);
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

async function fuzzEngine(engine: (typeof engines)[number]): Promise<string[]> {
  const webDir = standInConsole();
  const gw = await startGateway({ engine, config: { webDir } });
  const fuzzing = await prepareFuzzing(gw);
  const problems: string[] = [];
  const slowest: Answer[] = [];
  const byClass: Record<string, number> = {};
  let sent = 0;
  let seconds = 0;
  try {
    console.log(`${engine}: ${fuzzing.targets.length} routes (${fuzzing.targets.filter((t) => t.socket).length} websockets), ${rounds} rounds`);
    for (let round = 0; round < rounds; round++) {
      const seed = replay ?? newSeed();
      const start = performance.now();
      const report = await fuzzRoutes(gw, fuzzing, { seed, budget, concurrency });
      const took = (performance.now() - start) / 1000;
      seconds += took;
      sent += report.sent;
      for (const [cls, n] of Object.entries(report.byClass)) byClass[cls] = (byClass[cls] ?? 0) + n;
      slowest.push(...report.slowest);
      problems.push(...report.problems.map((p) => `seed ${seed}: ${p}`));
      console.log(`  round ${round + 1}  seed ${seed}  ${report.sent} requests in ${took.toFixed(1)} s  ${report.problems.length} problems`);
    }
    const fuzzRate = sent / seconds;
    const baseline = await pingRate(Number(new URL(gw.url).port), sent);
    const classes = Object.entries(byClass)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([cls, n]) => `${cls} ${n}`)
      .join(', ');
    console.log(`  sent ${sent} requests: ${classes}`);
    console.log(`  baseline: well-formed GET /ping ×${sent}     ${baseline.toFixed(0)} requests/s`);
    console.log(`  hostile requests                      ${fuzzRate.toFixed(0)} requests/s = ${((fuzzRate / baseline) * 100).toFixed(0)}% of the baseline rate`);
    const refusals = slowest.sort((a, b) => b.ms - a.ms);
    console.log('  slowest refusals:');
    for (const r of refusals.slice(0, 10)) console.log(`    ${fmtMs(r.ms).padStart(10)}  ${r.status}  ${r.route}  [${r.label.slice(0, 80)}]`);
  } finally {
    await fuzzing.stop();
    await gw.close();
    rmSync(webDir, { recursive: true, force: true });
  }
  return problems;
}

async function main() {
  const problems: string[] = [];
  for (const engine of engines) problems.push(...(await fuzzEngine(engine)));
  if (problems.length) {
    console.log(`\n${problems.length} problems (replay a round with FUZZ_SEED=<seed> npm run bench fuzz):`);
    for (const p of problems.slice(0, shownProblems)) console.log(`  ${p.slice(0, 400)}`);
    process.exit(1);
  }
  console.log('\nno 5xx, every refusal with a message, the gateway answered throughout and stopped cleanly');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
