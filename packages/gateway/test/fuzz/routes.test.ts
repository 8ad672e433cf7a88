import { rmSync } from 'node:fs';
import { engines, startGateway, type TestGateway } from '../harness';
import { fuzzRoutes, prepareFuzzing, standInConsole, type Fuzzing } from './run';

/**
 * The bounded fuzz run of `make test`: every route and websocket of a gateway gets malformed and wrongly typed
 * JSON, oversized bodies and headers, bytes that are not UTF-8, hostile path parameters and queries, traversal
 * in file-transfer locations, unexpected methods and garbage frames. No answer may be a 5xx, every refusal must
 * carry a message, and the gateway must keep answering and then stop cleanly. The seed is fixed so a failure
 * replays; FUZZ_SEED picks another. `npm run bench fuzz` runs the long version.
 */
const seed = Number(process.env.FUZZ_SEED ?? 25);

describe.each(engines)('fuzzing every route (%s)', (engine) => {
  const webDir = standInConsole();
  let gw: TestGateway;
  let fuzzing: Fuzzing;

  beforeAll(async () => {
    gw = await startGateway({ engine, config: { webDir } });
    fuzzing = await prepareFuzzing(gw);
  });
  afterAll(async () => {
    await fuzzing?.stop();
    // A socket left open by a refused request would keep this from returning.
    await gw?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers every hostile request with a clear 4xx or a success, never a 5xx', async () => {
    const started = performance.now();
    const report = await fuzzRoutes(gw, fuzzing, { seed, budget: { everyParam: false, randomCases: 4 } });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`fuzz (${engine}) seed ${seed}: ${report.sent} requests to ${fuzzing.targets.length} routes in ${seconds} s, ${JSON.stringify(report.byClass)}`);
    // The first few name the routes and inputs at fault; thousands would bury them.
    expect({ problems: report.problems.length, first: report.problems.slice(0, 40) }).toEqual({ problems: 0, first: [] });
    expect(fuzzing.targets.filter((t) => t.socket).length).toBeGreaterThan(5);
    expect(report.byClass['4xx']).toBeGreaterThan(report.sent / 2);
  }, 180_000);
});
