import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client, TestGateway } from './harness';

/** The repository, where the command line runs from. */
// From the module's URL rather than __dirname, so benches (ES modules under tsx) can import it as tests do.
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Whether each built artefact is newer than every source file (tests aside) it is built from. */
// Files only: a folder changes when a test is added to it.
function buildIsFresh(): boolean {
  const builds = [
    { built: 'packages/gateway/dist/cli.js', sources: 'packages/gateway/src' },
    { built: 'packages/shared/dist/index.js', sources: 'packages/shared/src' },
  ];
  return builds.every(({ built, sources }) => {
    const builtAt = existsSync(path.join(repoRoot, built)) ? statSync(path.join(repoRoot, built)).mtimeMs : 0;
    const dir = path.join(repoRoot, sources);
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => statSync(path.join(dir, file)))
      .every((stat) => stat.isDirectory() || stat.mtimeMs < builtAt);
  });
}

/**
 * Node's arguments that run the portcullis command line. The build when it is fresh (`make test` builds first):
 * from source every run starts Node with tsx, about a second more, and suites run the command line hundreds of
 * times (kubectl runs `portcullis kube credentials` before each of its calls). From source when a file changed
 * since the build, so a developer editing the code tests their edit, not the last build.
 */
export const cliArgs = buildIsFresh() ? [path.join(repoRoot, 'packages/gateway/dist/cli.js')] : ['--import', 'tsx', path.join(repoRoot, 'packages/gateway/src/cli.ts')];

/** A signed-in test client's session as the command line keeps it, in a home of its own. */
export function profileHome(gw: TestGateway, client: Client & { name: string }): string {
  const home = mkdtempSync(path.join(tmpdir(), 'portcullis-proxy-'));
  const profile = { proxy: gw.url, user: client.name, cluster: 'localhost', csrf: client.csrf, secret: client.sessionSecret, token: client.session!.token, expires: client.session!.sessionExpires, mfaVerified: false };
  writeFileSync(path.join(home, 'profile.json'), JSON.stringify(profile), { mode: 0o600 });
  return home;
}

