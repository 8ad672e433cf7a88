import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The Chromium builds that open a page as an app window (no tabs, no address bar). */
const chromiums = ['chromium', 'chromium-browser', 'google-chrome'];

/** The first of `names` on $PATH that can be run. */
function onPath(names: string[]): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of names) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // Not here: the next directory.
      }
    }
  }
  return undefined;
}

/**
 * Opens `url` in a Chromium app window with a profile of its own (so the daemon's cookie lives apart from the
 * person's browsing), detached so it outlives nothing and blocks nothing. Answers the browser used, if any.
 */
export function openAppWindow(url: string, userDataDir: string): string | undefined {
  const browser = onPath(chromiums);
  if (!browser) return undefined;
  spawn(browser, [`--app=${url}`, `--user-data-dir=${userDataDir}`], { detached: true, stdio: 'ignore' })
    .on('error', () => undefined)
    .unref();
  return browser;
}
