// `npm run bench`: runs every packages/*/bench/*.bench.ts in turn (each prints its own report, with
// ratios against a baseline measured in the same run) and says which ones failed to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync('packages')
  .flatMap((pkg) => {
    const dir = `packages/${pkg}/bench`;
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).map((f) => `${dir}/${f}`) : [];
  })
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const { status } = spawnSync('node_modules/.bin/tsx', [file], { stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
console.log(`\n${files.length} benchmarks run, ${failed} failed to complete`);
process.exit(failed ? 1 : 0);
