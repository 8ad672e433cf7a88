import { act } from '@testing-library/react';

/** What listeners get: a message's data, a close's code and reason (1005, '': none given). */
type SocketEvent = { data: unknown; code: number; reason: string };
type Listener = (event: SocketEvent) => void;

/**
 * A websocket for page tests: it records what the page sends, and `emit` plays the gateway's side inside act().
 * The terminal's extends it to decode what its engine sent; the query console's tests use it as it is.
 */
export class FakeSocket {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  closed = false;
  sent: (string | Uint8Array)[] = [];
  private listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  /** Delivers one event: `message` with `data`; `close` takes the close frame's fields, e.g. { code, reason }. */
  emit(type: string, data?: unknown, fields: Partial<SocketEvent> = {}) {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    act(() => {
      for (const listener of this.listeners.get(type) ?? [])
        listener({ data, code: 1005, reason: '', ...fields });
    });
  }
}
