/** @jest-environment node */
import { type GlCanvas, webglDrawsInSoftware } from './softwareGpu';

/** A canvas whose WebGL context reports `renderer` and records whether it was let go. */
function canvasDrawnBy(renderer: string | null) {
  const state = { lost: false };
  const info = { UNMASKED_RENDERER_WEBGL: 0x9246 };
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info'
        ? info
        : name === 'WEBGL_lose_context'
          ? { loseContext: () => (state.lost = true) }
          : null,
    getParameter: (p: number) => (p === info.UNMASKED_RENDERER_WEBGL ? renderer : 'WebKit WebGL'),
  };
  const canvas = { getContext: () => (renderer === null ? null : gl) } as unknown as GlCanvas;
  return { canvas, state };
}

test('Chromium’s SwiftShader and Mesa’s llvmpipe draw in software, and the probe’s context is let go', () => {
  const swiftShader = canvasDrawnBy(
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
  );
  expect(webglDrawsInSoftware(swiftShader.canvas)).toBe(true);
  expect(swiftShader.state.lost).toBe(true);
  expect(webglDrawsInSoftware(canvasDrawnBy('llvmpipe (LLVM 15.0.6, 256 bits)').canvas)).toBe(true);
});

test('a GPU’s renderer, or no WebGL at all, is not software', () => {
  expect(
    webglDrawsInSoftware(
      canvasDrawnBy('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)').canvas,
    ),
  ).toBe(false);
  expect(webglDrawsInSoftware(canvasDrawnBy(null).canvas)).toBe(false);
});
