/** A terminal that keeps what it was given to show, and lets the test type into it. */
class FakeTerminal {
  readonly cols = 80;
  readonly rows = 24;
  options = {};
  shown: string[] = [];
  private typed: ((data: string) => void)[] = [];

  write(data: Uint8Array | string, parsed?: () => void) {
    this.shown.push(typeof data === 'string' ? data : new TextDecoder().decode(data));
    parsed?.();
  }
  onData(listener: (data: string) => void) {
    this.typed.push(listener);
    return { dispose: () => (this.typed = this.typed.filter((l) => l !== listener)) };
  }
  onResize() {
    return { dispose() {} };
  }
  type(data: string) {
    for (const listener of this.typed) listener(data);
  }
  focus() {}
  dispose() {}
}

/**
 * jsdom has no canvas for xterm: tests replace the console-kit's openXterm with this, from a jest.mock factory
 * (jest.requireActual of this file). Every terminal opened is kept in `fakeTerminals`.
 */
export const fakeTerminals: FakeTerminal[] = [];

export function fakeOpenXterm() {
  const terminal = new FakeTerminal();
  fakeTerminals.push(terminal);
  return { terminal, renderer: 'dom', fit() {}, dispose() {} };
}

// jsdom lays nothing out, so nothing resizes; the panes only need to be able to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
