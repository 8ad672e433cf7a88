// Runs every test runner of the project in turn, keeps going when one fails, prints each runner's
// summary and ends with the one line CI reads: "N passed, N failed" summed over every runner.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';

// The tests open real login shells as root. On machines whose ~/.bashrc runs `pyenv rehash`, a shell killed
// mid-rehash (tests kill shells) leaves pyenv's lock file behind and every later root shell waits 60 s for it,
// so shell tests time out for a reason that is not ours. Rehash holds the lock for milliseconds; one older than
// ten seconds is stale. A small watcher clears such locks for the whole run (spawnSync blocks this process).
const pyenvLock = `${homedir()}/.pyenv/shims/.pyenv-shim`;
const lockWatcher = spawn(
  process.execPath,
  [
    '-e',
    `const fs = require('fs');
     setInterval(() => {
       try { if (Date.now() - fs.statSync(${JSON.stringify(pyenvLock)}).mtimeMs > 10000) fs.rmSync(${JSON.stringify(pyenvLock)}, { force: true }); } catch {}
     }, 2000);`,
  ],
  { stdio: 'ignore' },
);

const out = 'build/test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const results = [];
const gate = (name, cmd, args) => {
  const ok = run(cmd, args) === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
};

const jest = () => {
  const file = `${out}/jest.json`;
  // One worker per core rather than jest's default of one fewer: most suites spend their time waiting on the real
  // servers they start (sshd, Xvnc, kubectl, databases), so two workers on two cores halve the run (18 → 9 min).
  const status = run('node_modules/.bin/jest', ['--ci', `--maxWorkers=${availableParallelism()}`, '--json', `--outputFile=${file}`]);
  const r = readJson(file);
  if (!r) return results.push({ name: 'jest', passed: 0, failed: 1, skipped: 0 });
  // A suite that fails to load counts as a failure even though none of its tests ran.
  const broken = r.numRuntimeErrorTestSuites ?? 0;
  results.push({
    name: 'jest',
    passed: r.numPassedTests,
    failed: r.numFailedTests + broken + (status !== 0 && r.numFailedTests + broken === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
  });
};

const playwright = (name, config) => {
  if (!existsSync(config)) return;
  const file = `${out}/${name}.json`;
  const status = run('node_modules/.bin/playwright', ['test', '-c', config, '--reporter=list,json'], {
    // An absolute path: Playwright resolves a relative one against the config folder.
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.resolve(file),
  });
  const r = readJson(file);
  if (!r) return results.push({ name, passed: 0, failed: 1, skipped: 0 });
  const s = r.stats;
  const failed = s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
  results.push({ name, passed: s.expected + s.flaky, failed, skipped: s.skipped });
};

gate('typecheck', 'node', ['scripts/typecheck.mjs']);
gate('lint', 'node_modules/.bin/eslint', ['.', '--max-warnings', '0']);
jest();
playwright('e2e', 'e2e/playwright.config.ts');
playwright('visual', 'visual/playwright.config.ts');

console.log('\nSummary by runner:');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
const total = (k) => results.reduce((n, r) => n + r[k], 0);
console.log(`${total('passed')} passed, ${total('failed')} failed`);
lockWatcher.kill();
process.exit(total('failed') > 0 ? 1 : 0);
