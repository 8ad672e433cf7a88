import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { paths, port } from './paths';
import { serveStatic } from './serve';

const newestMtime = (dir: string): number =>
  !existsSync(dir)
    ? 0
    : readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
        const full = path.join(dir, entry.name);
        return Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
      }, 0);

/** Builds Storybook unless the build is newer than every source, then serves it for the run. */
export default async function globalSetup() {
  const built = existsSync(paths.index) ? statSync(paths.index).mtimeMs : 0;
  const stale = built === 0 || paths.sources.some((dir) => newestMtime(dir) > built);
  if (stale) {
    const started = Date.now();
    const result = spawnSync(
      'node_modules/.bin/storybook',
      ['build', '-c', '.storybook', '-o', 'build/storybook', '--quiet'],
      {
        cwd: paths.root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      },
    );
    if (result.status !== 0) throw new Error('Storybook build failed');
    console.log(`Built Storybook in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const server = await serveStatic(paths.storybook, port);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
