import '@xterm/xterm/css/xterm.css';
import { FitAddon } from '@xterm/addon-fit';
import { WebglAddon } from '@xterm/addon-webgl';
import { type ITheme, Terminal } from '@xterm/xterm';
import { clipboardKeyHandler } from './clipboardKeys';
import { loadRenderer, type RendererKind } from './renderer';
import { webglDrawsInSoftware } from './softwareGpu';

export interface XtermView {
  terminal: Terminal;
  renderer: RendererKind;
  /** Fits the terminal to its container; xterm's onResize fires when the size in cells changes. */
  fit(): void;
  dispose(): void;
}

export interface XtermViewOptions {
  /** Lines kept above the screen (config ui.scrollbackLines). */
  scrollback: number;
  theme: ITheme;
  fontFamily: string;
  /** Told when a lost WebGL context moves the terminal to the DOM renderer. */
  onRendererChange?: (kind: RendererKind) => void;
}

/** Opens an xterm in `container`, sized to it, on the WebGL renderer when a GPU draws it. */
export function openXterm(container: HTMLElement, options: XtermViewOptions): XtermView {
  const terminal = new Terminal({
    scrollback: options.scrollback,
    theme: options.theme,
    fontFamily: options.fontFamily,
    fontSize: 14,
    cursorBlink: true,
    allowProposedApi: false,
  });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.open(container);
  const view: XtermView = {
    terminal,
    renderer: webglDrawsInSoftware()
      ? 'dom'
      : loadRenderer(terminal, () => new WebglAddon(), (kind) => {
          view.renderer = kind;
          options.onRendererChange?.(kind);
        }),
    fit: () => {
      // A hidden tab has no size; fitting it would shrink the remote terminal to nothing.
      if (container.offsetWidth > 0 && container.offsetHeight > 0) fitAddon.fit();
    },
    dispose: () => terminal.dispose(),
  };
  terminal.attachCustomKeyEventHandler(clipboardKeyHandler(terminal, navigator.clipboard));
  view.fit();
  return view;
}
