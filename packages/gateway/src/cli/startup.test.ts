import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cliArgs, repoRoot } from '../../test/cli';

/**
 * Every run of the command line loads the command definitions (program.ts); a command loads its work only when
 * it runs. kubectl runs `portcullis kube credentials` before each of its own calls, and `--help` should answer at
 * once: loading the gateway (fastify, storage drivers, ssh2) costs them about a second.
 */

// A loader hook that writes down each module our own code imports (a package's imports of its own are left out).
const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (!context.parentURL?.includes('/node_modules/')) appendFileSync(process.env.RESOLVE_LOG, result.url + '\\n');
  return result;
}
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portcullis-startup-'));
  writeFileSync(path.join(dir, 'hooks.mjs'), hooks);
  writeFileSync(path.join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
  const profile = { proxy: 'https://gw.example.com', user: 'alice', cluster: 'localhost', csrf: 'c', secret: 's', token: 't', expires: new Date(Date.now() + 3_600_000).toISOString(), mfaVerified: false };
  writeFileSync(path.join(dir, 'profile.json'), JSON.stringify(profile));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The packages our modules import while the command line runs `args` (from the build when fresh, else source). */
async function packagesLoaded(args: string[]): Promise<string[]> {
  const log = path.join(dir, `${args.join('_')}.log`);
  writeFileSync(log, '');
  await promisify(execFile)(process.execPath, ['--import', path.join(dir, 'register.mjs'), ...cliArgs, ...args], {
    cwd: repoRoot,
    env: { ...process.env, RESOLVE_LOG: log, PORTCULLIS_HOME: dir },
  });
  const packages = readFileSync(log, 'utf8')
    .split('\n')
    .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'tsx');
  return [...new Set(packages)].sort();
}

it.each(['--help', 'kube --help', 'kube credentials --help', 'agent --help', 'users add --help'])('portcullis %s loads the command definitions alone', async (line) => {
  expect(await packagesLoaded(line.split(' '))).toEqual(['commander']);
});

it('kube credentials loads what it reads the profile with, not the gateway nor the API client', async () => {
  const loaded = await packagesLoaded(['kube', 'credentials', 'cluster']);
  for (const heavy of ['fastify', 'better-sqlite3', 'pg', 'ssh2', 'kysely', 'ws', 'yaml', '@portcullis/shared']) expect(loaded).not.toContain(heavy);
});
