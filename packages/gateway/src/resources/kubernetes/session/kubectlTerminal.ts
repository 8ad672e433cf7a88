import { EventEmitter } from 'node:events';
import { decodeFrame, encodeControl } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import type { PartySocket } from '../../core/socket';
import { channelFrame, statusOfExit, streams } from './channelProtocol';

/**
 * kubectl's exec or attach stream on a terminal, translated so the session core can own a session with it as it
 * does with a browser: stdin becomes terminal input, a resize becomes the resize message, output goes to
 * kubectl's stdout stream (acknowledged once written, which is the browser's flow control), and the end of the
 * session becomes the Status kubectl exits by. Notices and errors the core writes are kept for that Status.
 */
export class KubectlTerminal extends EventEmitter implements PartySocket {
  readonly OPEN = 1;
  private lastError: string | undefined;

  constructor(private readonly ws: WebSocket) {
    super();
    ws.on('message', (data: Buffer) => this.receive(data));
    ws.on('close', () => this.emit('close'));
    ws.on('error', () => ws.terminate());
  }

  get readyState(): number {
    return this.ws.readyState;
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  send(data: Buffer | string): void {
    if (typeof data !== 'string') {
      const bytes = data.length;
      this.ws.send(channelFrame(streams.stdout, data), (err) => {
        if (!err) this.emit('message', Buffer.from(encodeControl({ type: 'ack', bytes })), false);
      });
      return;
    }
    const frame = decodeFrame(data);
    if (frame.kind !== 'control') return;
    const message = frame.message;
    if (message.type === 'error') this.lastError = message.message;
    if (message.type !== 'close') return;
    const exit = message.exitCode !== undefined ? { code: message.exitCode } : { code: null, error: this.lastError ?? message.reason };
    this.ws.send(channelFrame(streams.status, statusOfExit(exit)));
  }

  close(code?: number, reason?: string): void {
    // ws writes in order: a Status sent before goes out before the close frame.
    this.ws.close(code, reason);
  }

  private receive(data: Buffer): void {
    const stream = data[0];
    if (stream === streams.stdin && data.length > 1) this.emit('message', data.subarray(1), true);
    else if (stream === streams.resize) {
      const size = parseSize(data.subarray(1).toString('utf8'));
      if (size) this.emit('message', Buffer.from(encodeControl({ type: 'resize', ...size })), false);
    }
  }
}

function parseSize(text: string): { w: number; h: number } | undefined {
  try {
    const { Width, Height } = JSON.parse(text) as { Width?: unknown; Height?: unknown };
    const ok = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 1000;
    return ok(Width) && ok(Height) ? { w: Width, h: Height } : undefined;
  } catch {
    return undefined;
  }
}
