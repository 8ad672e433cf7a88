import { act } from '@testing-library/react';

type Listener = (event: { data?: unknown }) => void;

/**
 * The browser's WebSocket for tests: every socket the app opens is kept in `opened` with its URL, records what
 * the app sent, and `emit` plays the far side inside act().
 */
export class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  binaryType: BinaryType = 'blob';
  readyState = 0;
  sent: (string | Uint8Array)[] = [];
  private listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  emit(type: 'open' | 'message' | 'close', data?: unknown) {
    if (type === 'open') this.readyState = 1;
    if (type === 'close') this.readyState = 3;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener({ data });
    });
  }
}

/** Puts FakeWebSocket in the page's place for the test file, and forgets the sockets between tests. */
export function installFakeWebSocket() {
  const real = globalThis.WebSocket;
  beforeAll(() => {
    globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
  });
  beforeEach(() => {
    FakeWebSocket.opened = [];
  });
  afterAll(() => {
    globalThis.WebSocket = real;
  });
}
