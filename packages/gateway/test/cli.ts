import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client, TestGateway } from './harness';

/** The repository, where the command line runs from. */
export const repoRoot = path.resolve(__dirname, '../../..');
/** Node's arguments that run the portcullis command line from source (each run starts Node with tsx). */
export const cliArgs = ['--import', 'tsx', path.join(repoRoot, 'packages/gateway/src/cli.ts')];

/** A signed-in test client's session as the command line keeps it, in a home of its own. */
export function profileHome(gw: TestGateway, client: Client & { name: string }): string {
  const home = mkdtempSync(path.join(tmpdir(), 'portcullis-proxy-'));
  const profile = { proxy: gw.url, user: client.name, cluster: 'localhost', csrf: client.csrf, secret: client.sessionSecret, token: client.session!.token, expires: client.session!.sessionExpires, mfaVerified: false };
  writeFileSync(path.join(home, 'profile.json'), JSON.stringify(profile), { mode: 0o600 });
  return home;
}

