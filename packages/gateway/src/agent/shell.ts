import { performance } from 'node:perf_hooks';
import { spawn as spawnPty } from 'node-pty';
import { PtyFlow } from '../platform/pty/ptyFlow';
import type { MuxStream } from './tunnel/stream';
import { asAccount, loginEnvironment, type LoginAccount } from './logins';
import { streamControl } from './tunnel/requests';

/** Output flushed in pieces of at least streamingBytes, closer together than busyMs, counts as streaming. */
const busyMs = 2;
const streamingBytes = 1024;

/**
 * Runs the account's login shell on a real PTY and joins it to a tunnel stream. Output pauses the PTY when
 * the stream's credit runs out (so the shell itself blocks on a flood) and resumes on 'drain'.
 */
export function serveShell(stream: MuxStream, account: LoginAccount, term: { w: number; h: number }, sessionId: string): void {
  const pty = spawnPty(account.shell, ['-l'], {
    name: 'xterm-256color',
    cols: term.w,
    rows: term.h,
    cwd: account.home,
    env: { ...loginEnvironment(account), PORTCULLIS_SESSION_ID: sessionId },
    encoding: null,
    ...asAccount(account),
  });
  const flow = new PtyFlow(pty);
  // A PTY hands over about 4 KiB per read, one read per event-loop turn. While output streams (the last flush
  // was large and under busyMs ago) reads are gathered for a millisecond into one frame; an echo goes at once.
  const pending: Buffer[] = [];
  let lastFlush = 0;
  let lastFlushBytes = 0;
  const flush = () => {
    lastFlush = performance.now();
    if (!pending.length) return;
    lastFlushBytes = pending.reduce((sum, chunk) => sum + chunk.length, 0);
    const room = stream.writev(pending);
    pending.length = 0;
    if (!room) flow.pause();
  };
  pty.onData((data: string | Buffer) => {
    if (pending.push(typeof data === 'string' ? Buffer.from(data) : data) > 1) return;
    if (lastFlushBytes >= streamingBytes && performance.now() - lastFlush < busyMs) setTimeout(flush, 1);
    else setImmediate(flush);
  });
  stream.on('drain', () => flow.resume());
  stream.on('data', (input) => {
    pty.write(input);
    stream.ack(input.length);
  });
  stream.on('control', (raw) => {
    const message = streamControl.safeParse(raw);
    if (message.success && message.data.type === 'resize') pty.resize(message.data.w, message.data.h);
  });
  stream.on('end', () => pty.kill('SIGHUP'));
  stream.on('close', () => {
    if (!exited) pty.kill('SIGHUP');
  });
  let exited = false;
  pty.onExit(({ exitCode, signal }) => {
    exited = true;
    if (pending.length) flush();
    stream.control({ type: 'exit', code: exitCode, signal: signal ? String(signal) : null });
    stream.end();
  });
}
