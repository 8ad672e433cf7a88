import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const srcDir = path.resolve(__dirname, '../src');

/** Every file under a folder, recursively, as paths relative to it. */
export const walk = (dir: string, base = dir): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });

/** Folders of src that are not components: the theme and the styling helpers. */
export const nonComponentFolders = ['theme', 'system'];

export const componentFolders = () =>
  readdirSync(srcDir).filter(
    (name) => statSync(path.join(srcDir, name)).isDirectory() && !nonComponentFolders.includes(name),
  );
