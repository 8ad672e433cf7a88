import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { paths } from './paths';
import { serveStatic } from './serve';

const newestMtime = (dir: string): number =>
  !existsSync(dir)
    ? 0
    : readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
        const full = path.join(dir, entry.name);
        return Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
      }, 0);

const anHour = 60 * 60 * 1000;

/**
 * Builds Storybook unless a build of the current sources exists (its folder is named after the newest
 * source's mtime), serves it on a free loopback port and tells the test processes where.
 */
export default async function globalSetup() {
  const stamp = String(Math.floor(Math.max(...paths.sources.map(newestMtime))));
  const dir = path.join(paths.builds, stamp);
  if (!existsSync(path.join(dir, 'index.json'))) {
    const started = Date.now();
    const staging = `${dir}.tmp-${process.pid}`;
    const result = spawnSync(
      'node_modules/.bin/storybook',
      ['build', '-c', '.storybook', '-o', staging, '--quiet'],
      {
        cwd: paths.root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      },
    );
    if (result.status !== 0) throw new Error('Storybook build failed');
    // Another run may have finished the same build meanwhile; either copy will do.
    if (existsSync(dir)) rmSync(staging, { recursive: true, force: true });
    else renameSync(staging, dir);
    console.log(`Built Storybook in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  // Old builds go once nobody can still be serving them.
  for (const name of readdirSync(paths.builds)) {
    const other = path.join(paths.builds, name);
    if (other !== dir && Date.now() - statSync(other).mtimeMs > anHour)
      rmSync(other, { recursive: true, force: true });
  }
  const server = await serveStatic(dir, 0);
  process.env.VISUAL_STORYBOOK_DIR = dir;
  process.env.VISUAL_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
