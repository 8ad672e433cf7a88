import { Readable, Writable } from 'node:stream';
import { streamControl } from '../../../agent/tunnel/requests';
import type { MuxStream } from '../../../agent/tunnel/stream';
import type { Transfer } from '../../core/connectors';

/** The agent reports the exit status, or why it failed, before it ends the stream; that is the verdict. */
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

/** A download on a new stream: the agent streams the file, credited as the consumer reads. */
export function streamDownload(stream: MuxStream): Transfer<Readable> {
  return { done: verdict(stream), data: readableOf(stream) };
}

/** An upload on a new stream: bytes written reach the agent as the stream's credit allows. */
export function streamUpload(stream: MuxStream): Transfer<Writable> {
  return { done: verdict(stream), data: writableOf(stream) };
}

