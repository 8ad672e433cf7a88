import { type AssistMessageJson, encodeControl } from '@portcullis/shared';
import type { AssistSocket, AssistSockets } from './assistSockets';

type Listener = (event: { data: unknown; code: number; reason: string }) => void;

/** A websocket in a story: once the page listens, it opens and plays `frames`, then closes if told to. */
class StorySocket implements AssistSocket {
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

/**
 * A gateway in a story: the assistant sends `history`, and every node a confirmed proposal runs on answers with one
 * line of uptime and exit code 0.
 */
export const storySockets = (history: AssistMessageJson[]): AssistSockets => ({
  assistant: () => new StorySocket([JSON.stringify({ type: 'history', messages: history })]),
  command: () =>
    new StorySocket(
      [
        new TextEncoder().encode(' 10:00:01 up 3 days,  load average: 0.01, 0.02, 0.00\n').buffer,
        encodeControl({ type: 'close', reason: 'exited', exitCode: 0 }),
      ],
      true,
    ),
});
