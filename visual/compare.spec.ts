import { expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { compareWithBaseline } from './compare';

// A 40×20 white image with a black 10×10 square whose left edge is at `x`.
const square = (x: number, tint = 0) => {
  const png = new PNG({ width: 40, height: 20 });
  for (let y = 0; y < 20; y += 1) {
    for (let px = 0; px < 40; px += 1) {
      const i = (y * 40 + px) * 4;
      const inside = px >= x && px < x + 10 && y >= 5 && y < 15;
      png.data.fill(inside ? 0 : 255 - tint, i, i + 3);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
};

test.describe('the baseline comparison', () => {
  let dirs: { baselines: string; diffs: string };
  test.beforeEach(() => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'visual-compare-'));
    dirs = { baselines: path.join(root, 'baselines'), diffs: path.join(root, 'diffs') };
  });
  test.afterEach(() => rmSync(path.dirname(dirs.baselines), { recursive: true, force: true }));

  test('fails on a one-pixel shift and writes the actual and diff images', () => {
    expect(compareWithBaseline('Box.Square.light', square(5), true, dirs)).toEqual({
      ok: true,
      written: true,
    });
    expect(compareWithBaseline('Box.Square.light', square(5), false, dirs)).toEqual({ ok: true });
    const shifted = compareWithBaseline('Box.Square.light', square(6), false, dirs);
    expect(shifted).toEqual({ ok: false, reason: '20 pixels differ from the baseline (tolerance 10)' });
    expect(existsSync(path.join(dirs.diffs, 'Box.Square.light.diff.png'))).toBe(true);
    expect(existsSync(path.join(dirs.diffs, 'Box.Square.light.actual.png'))).toBe(true);
  });

  test('tolerates a colour change below the threshold', () => {
    compareWithBaseline('Box.Square.dark', square(5), true, dirs);
    expect(compareWithBaseline('Box.Square.dark', square(5, 3), false, dirs)).toEqual({ ok: true });
  });

  test('fails without a baseline or on a size change', () => {
    expect(compareWithBaseline('Box.Missing.light', square(5), false, dirs)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^no baseline/),
    });
    compareWithBaseline('Box.Size.light', square(5), true, dirs);
    const wide = new PNG({ width: 41, height: 20 });
    expect(compareWithBaseline('Box.Size.light', PNG.sync.write(wide), false, dirs)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^size 41x20/),
    });
  });
});
