// Type-checks every package with its own tsconfig (shared is checked without DOM or Node types,
// which is what keeps it isomorphic), then the root scripts and test configs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/shared/tsconfig.json',
  'packages/shared/tsconfig.test.json',
  'packages/design/tsconfig.json',
  'packages/console-kit/tsconfig.json',
  'packages/web/tsconfig.json',
  'packages/gateway/tsconfig.json',
  'packages/teleterm-like-app/tsconfig.json',
  'tsconfig.json',
].filter((p) => existsSync(p));

let failed = 0;
for (const project of projects) {
  try {
    execFileSync('node_modules/.bin/tsc', ['--noEmit', '-p', project], { stdio: 'inherit' });
  } catch {
    failed += 1;
  }
}
console.log(`typecheck: ${projects.length - failed} of ${projects.length} projects clean`);
process.exit(failed ? 1 : 0);
