/** Renderer names of WebGL drawn by the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe. */
const softwareRenderers = /swiftshader|llvmpipe|softpipe|software/i;

/** The part of a canvas this module needs. */
export interface GlCanvas {
  getContext(kind: 'webgl2'): WebGL2RenderingContext | null;
}

/**
 * Whether this browser's WebGL is drawn in software (no GPU, or a blocklisted one). xterm's WebGL renderer then
 * redraws its whole canvas on the CPU every frame, several times slower than the DOM renderer. Browsers still
 * offer such a context (even to failIfMajorPerformanceCaveat), so the renderer's name is what tells.
 */
export function webglDrawsInSoftware(canvas: GlCanvas = document.createElement('canvas')): boolean {
  const gl = canvas.getContext('webgl2');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  // Browsers allow few live contexts; this one was only asked its name.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return softwareRenderers.test(name);
}
