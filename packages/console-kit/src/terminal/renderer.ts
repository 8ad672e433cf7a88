import type { ITerminalAddon, Terminal } from '@xterm/xterm';

/** The WebGL addon's surface this module needs. */
export interface GpuRenderer extends ITerminalAddon {
  onContextLoss(listener: () => void): { dispose(): void };
}

export type RendererKind = 'webgl' | 'dom';

/**
 * Puts xterm on its WebGL renderer when the browser can, else leaves it on the DOM renderer.
 * A WebGL context can also be lost later (GPU reset, too many contexts in other tabs); the addon is then
 * disposed, which hands rendering back to the DOM renderer, so the terminal keeps working either way.
 */
export function loadRenderer(
  terminal: Pick<Terminal, 'loadAddon'>,
  createGpuRenderer: () => GpuRenderer,
  onChange?: (kind: RendererKind) => void,
): RendererKind {
  let addon: GpuRenderer;
  try {
    addon = createGpuRenderer();
    terminal.loadAddon(addon);
  } catch {
    return 'dom';
  }
  addon.onContextLoss(() => {
    addon.dispose();
    onChange?.('dom');
  });
  return 'webgl';
}
