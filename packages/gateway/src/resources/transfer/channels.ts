import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import type { SshTarget } from '../connectors/openssh/client';
import type { OpenSshClient } from '../connectors/openssh/client';
import type { Mux } from '../../agent/tunnel/mux';
import { streamControl } from '../../agent/tunnel/requests';
import type { MuxStream } from '../../agent/tunnel/stream';
import { shellQuote } from './paths';

/** One file transfer in progress: bytes flow through `data`; `done` settles with the node's verdict. */
export interface Transfer<S> {
  data: S;
  done: Promise<{ ok: true } | { ok: false; error: string }>;
}

function verdict(stream: MuxStream): Transfer<never>['done'] {
  let error: string | undefined;
  let code: number | null = null;
  stream.on('control', (raw) => {
    const m = streamControl.safeParse(raw);
    if (m.success && m.data.type === 'error') error = m.data.message;
    if (m.success && m.data.type === 'exit') code = m.data.code;
  });
  stream.on('end', () => stream.end());
  return new Promise((resolve) => {
    stream.once('close', (reason) => resolve(code === 0 && !error ? { ok: true } : { ok: false, error: error ?? reason ?? `exit status ${code}` }));
  });
}

/** Reads a tunnel stream, granting the agent credit only as the consumer pulls (so a slow browser slows the read). */
function readableOf(stream: MuxStream): Readable {
  let owed = 0;
  const readable = new Readable({
    read() {
      if (owed > 0) {
        stream.ack(owed);
        owed = 0;
      }
    },
  });
  stream.on('data', (chunk) => {
    owed += chunk.length;
    readable.push(chunk);
  });
  stream.once('close', () => readable.push(null));
  return readable;
}

function writableOf(stream: MuxStream): Writable {
  let finished = false;
  return new Writable({
    write(chunk: Buffer, _enc, callback) {
      if (stream.isClosed) return callback(new Error('the node closed the transfer'));
      if (stream.write(chunk)) callback();
      else stream.once('drain', () => callback());
    },
    final(callback) {
      finished = true;
      stream.end();
      callback();
    },
    // An aborted upload must not leave the agent waiting for bytes that will never come.
    destroy(err, callback) {
      if (!finished) stream.reset('upload aborted');
      callback(err);
    },
  });
}

export function agentDownload(mux: Mux, login: string, path: string): Transfer<Readable> {
  const stream = mux.open({ kind: 'download', login, path });
  return { done: verdict(stream), data: readableOf(stream) };
}

export function agentUpload(mux: Mux, login: string, path: string): Transfer<Writable> {
  const stream = mux.open({ kind: 'upload', login, path });
  return { done: verdict(stream), data: writableOf(stream) };
}

function sshTransfer(client: OpenSshClient, target: SshTarget, login: string, keyId: string, command: string) {
  const prepared = client.prepare(target, login, keyId, { tty: false });
  const child = spawn('ssh', [...prepared.args, command], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done: Transfer<never>['done'] = new Promise((resolve) => {
    child.on('error', (err) => resolve({ ok: false, error: err.message }));
    child.on('close', (code) => {
      prepared.cleanup();
      resolve(code === 0 ? { ok: true } : { ok: false, error: stderr.trim().replace(/^cat: /, '') || `exit status ${code}` });
    });
  });
  return { child, done };
}

export function sshDownload(client: OpenSshClient, target: SshTarget, login: string, keyId: string, path: string): Transfer<Readable> {
  const { child, done } = sshTransfer(client, target, login, keyId, `cat -- ${shellQuote(path)}`);
  child.stdin.end();
  return { data: child.stdout, done };
}

export function sshUpload(client: OpenSshClient, target: SshTarget, login: string, keyId: string, path: string): Transfer<Writable> {
  const { child, done } = sshTransfer(client, target, login, keyId, `cat > ${shellQuote(path)}`);
  return { data: child.stdin, done };
}
