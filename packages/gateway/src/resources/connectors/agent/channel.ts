import { streamControl } from '../../../agent/tunnel/requests';
import type { MuxStream } from '../../../agent/tunnel/stream';
import type { Channel } from '../../core/channel';

/**
 * A shell or command the agent runs on a new stream of its tunnel; flow control is the stream's credit. The
 * agent reports the exit status, or why the channel could not start, before it ends the stream.
 */
export function streamChannel(stream: MuxStream): Channel {
  let error: string | undefined;
  let code: number | null = null;
  stream.on('control', (raw) => {
    const message = streamControl.safeParse(raw);
    if (!message.success) return;
    if (message.data.type === 'exit') code = message.data.code;
    if (message.data.type === 'error') error = message.data.message;
  });
  stream.on('end', () => stream.end());
  return {
    onData: (listener) => {
      stream.on('data', listener);
      stream.accept();
    },
    onExit: (listener) =>
      stream.once('close', (reason) => {
        const why = error ?? (code === null ? reason : undefined);
        listener(why ? { code, error: why } : { code });
      }),
    ack: (bytes) => stream.ack(bytes),
    write: (input) => void stream.write(input),
    resize: (w, h) => stream.control({ type: 'resize', w, h }),
    close: () => stream.reset('user left the session'),
  };
}
