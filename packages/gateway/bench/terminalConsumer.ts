import { performance } from 'node:perf_hooks';
import { decodeFrame, encodeControl, terminalAckEveryBytes, terminalSocketPath, type TerminalParams } from '@portcullis/shared';
import WebSocket from 'ws';
import { eventually } from '../test/servers/fixtures';

/** What a consumer needs to open a terminal socket as a signed-in user. */
export interface TerminalLogin {
  /** The gateway's base URL (http://...). */
  url: string;
  token: string;
  cookie: string;
}

/** Output kept for markers: the same tail, read the same way, as SshSession keeps of ssh's, so both readers do equal work per byte. */
const tailBytes = 256;

/**
 * A headless terminal consumer: counts output and acknowledges it as the console does, every
 * terminalAckEveryBytes or when the output pauses.
 */
export class Consumer {
  received = 0;
  /** The last tailBytes of output (as latin1: the markers looked for are ASCII). */
  text = '';
  opened = 0;
  sessionMessage = 0;
  sessionId = '';
  firstOutput = 0;
  private unacked = 0;
  private waiters: (() => void)[] = [];
  constructor(readonly socket: WebSocket) {
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const frame = decodeFrame(isBinary ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data.toString());
      if (frame.kind !== 'data') {
        if (frame.message.type === 'session') {
          this.sessionMessage ||= performance.now();
          this.sessionId = frame.message.session.id;
        }
        return;
      }
      if (!this.firstOutput) this.firstOutput = performance.now();
      this.received += frame.data.length;
      const tail = frame.data.subarray(-tailBytes);
      this.text = (this.text + Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength).toString('latin1')).slice(-tailBytes);
      this.unacked += frame.data.length;
      if (this.unacked >= terminalAckEveryBytes) this.ack();
      else setImmediate(() => this.ack());
      for (const w of this.waiters.splice(0)) w();
    });
  }

  private ack() {
    if (this.unacked === 0 || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(encodeControl({ type: 'ack', bytes: this.unacked }));
    this.unacked = 0;
  }

  /** Types a command and waits for its marker output: the shell is up and idle at its prompt. */
  async ready(timeoutMs = 120_000): Promise<void> {
    const marker = `ready-${Math.floor(Math.random() * 1e6)}`;
    this.type(`echo ${marker.replace('-', '-""')}\r`);
    await eventually(async () => this.text.includes(marker), 'the shell prompt', timeoutMs);
  }

  static async open(login: TerminalLogin, params: TerminalParams): Promise<Consumer> {
    const started = performance.now();
    const url = `${login.url.replace(/^http/, 'ws')}${terminalSocketPath('localhost', login.token, params)}`;
    const consumer = new Consumer(new WebSocket(url, { headers: { cookie: login.cookie } }));
    consumer.opened = started;
    await new Promise((resolve, reject) => {
      consumer.socket.once('open', resolve);
      consumer.socket.once('error', reject);
    });
    return consumer;
  }

  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  type(text: string) {
    this.socket.send(Buffer.from(text));
  }

  close() {
    this.socket.close();
  }
}
