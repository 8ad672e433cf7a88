/** @jest-environment node */
import { type GpuRenderer, loadRenderer } from './renderer';

function fakeGpu() {
  let lose: (() => void) | undefined;
  const addon: GpuRenderer & { disposed: boolean } = {
    disposed: false,
    activate: () => {},
    dispose: () => (addon.disposed = true),
    onContextLoss: (listener) => {
      lose = listener;
      return { dispose: () => {} };
    },
  };
  return { addon, loseContext: () => lose?.() };
}

test('uses the WebGL renderer when the addon loads', () => {
  const loaded: unknown[] = [];
  const { addon } = fakeGpu();
  expect(loadRenderer({ loadAddon: (a) => loaded.push(a) }, () => addon)).toBe('webgl');
  expect(loaded).toEqual([addon]);
});

test('stays on the DOM renderer when the browser has no WebGL', () => {
  const terminal = {
    loadAddon: () => {
      throw new Error('WebGL2 not supported');
    },
  };
  expect(loadRenderer(terminal, () => fakeGpu().addon)).toBe('dom');
});

test('a lost WebGL context disposes the addon, handing rendering back to the DOM renderer', () => {
  const gpu = fakeGpu();
  const changes: string[] = [];
  loadRenderer({ loadAddon: () => {} }, () => gpu.addon, (kind) => changes.push(kind));
  gpu.loseContext();
  expect(gpu.addon.disposed).toBe(true);
  expect(changes).toEqual(['dom']);
});
