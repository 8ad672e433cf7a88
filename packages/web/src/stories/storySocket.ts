type Listener = (event: { data: unknown; code: number; reason: string }) => void;

/**
 * A websocket in a story (the assistant's, a terminal's): once the page listens, it opens and plays `frames`,
 * then closes if told to. What the page sends goes nowhere.
 */
export class StorySocket {
  readyState = 0;
  binaryType: BinaryType = 'blob';
  private listeners = new Map<string, Listener[]>();
  constructor(frames: (string | ArrayBuffer)[], closeAfter = false) {
    setTimeout(() => {
      this.readyState = 1;
      this.emit('open');
      for (const data of frames) this.emit('message', data);
      if (closeAfter) {
        this.readyState = 3;
        this.emit('close');
      }
    });
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  private emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, code: 1000, reason: '' });
  }
}
