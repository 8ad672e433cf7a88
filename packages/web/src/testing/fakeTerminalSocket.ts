import type { TerminalSocket } from '@portcullis/console-kit';
import { decodeFrame, type TerminalParams } from '@portcullis/shared';
import { act } from '@testing-library/react';

type Listener = (event: { data: unknown }) => void;

/**
 * A terminal websocket for page tests: it records what the page's (real) TerminalEngine sends, and `emit` plays
 * the gateway's side inside act().
 */
export class FakeTerminalSocket implements TerminalSocket {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  closed = false;
  sent: (string | Uint8Array)[] = [];
  private listeners = new Map<string, Listener[]>();
  constructor(
    readonly clusterId: string,
    readonly params: TerminalParams,
  ) {}
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  /** The control messages the page's engine sent, decoded. */
  controls() {
    return this.sent.filter((f): f is string => typeof f === 'string').map((f) => decodeFrame(f));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  emit(type: string, data?: unknown) {
    if (type === 'open') this.readyState = 1;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener({ data });
    });
  }
}
