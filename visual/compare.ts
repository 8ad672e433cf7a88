import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { paths } from './paths';

/** Per-pixel colour tolerance (pixelmatch's threshold) and how many differing pixels are tolerated. */
export const tolerance = { threshold: 0.1, maxDiffPixels: 10 };

export type Comparison = { ok: true; written?: true } | { ok: false; reason: string };

/**
 * Compares a screenshot with its committed baseline. In update mode the baseline is (re)written. On a
 * mismatch the actual image and a diff image go to visual/__diff__.
 */
export function compareWithBaseline(
  name: string,
  actual: Buffer,
  update: boolean,
  dirs: { baselines: string; diffs: string } = paths,
): Comparison {
  const baseline = path.join(dirs.baselines, `${name}.png`);
  if (update) {
    mkdirSync(dirs.baselines, { recursive: true });
    writeFileSync(baseline, actual);
    return { ok: true, written: true };
  }
  const failed = (reason: string, diff?: PNG): Comparison => {
    mkdirSync(dirs.diffs, { recursive: true });
    writeFileSync(path.join(dirs.diffs, `${name}.actual.png`), actual);
    if (diff) writeFileSync(path.join(dirs.diffs, `${name}.diff.png`), PNG.sync.write(diff));
    return { ok: false, reason };
  };
  if (!existsSync(baseline))
    return failed(`no baseline ${path.relative(paths.root, baseline)}; run with UPDATE_BASELINES=1`);
  const want = PNG.sync.read(readFileSync(baseline));
  const got = PNG.sync.read(actual);
  if (want.width !== got.width || want.height !== got.height) {
    return failed(`size ${got.width}x${got.height} differs from the baseline's ${want.width}x${want.height}`);
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const differing = pixelmatch(want.data, got.data, diff.data, want.width, want.height, {
    threshold: tolerance.threshold,
  });
  if (differing > tolerance.maxDiffPixels) {
    return failed(
      `${differing} pixels differ from the baseline (tolerance ${tolerance.maxDiffPixels})`,
      diff,
    );
  }
  return { ok: true };
}
