import type { Mux } from '../../agent/tunnel/mux';
import { streamControl, type StreamRequest } from '../../agent/tunnel/requests';
import type { ShellChannel, ShellRequest } from './channel';

/** A shell served by the node's agent on a new stream of its tunnel; flow control is the stream's credit. */
export const agentShell = (mux: Mux, request: ShellRequest): ShellChannel =>
  agentChannel(mux, { kind: 'shell', login: request.login, term: request.term, sessionId: request.sessionId });

/** A shell or command (exec) the agent runs on a new stream; it reports the exit status before ending the stream. */
export function agentChannel(mux: Mux, request: Extract<StreamRequest, { kind: 'shell' | 'exec' }>): ShellChannel {
  // Held until the consumer listens, so the first output (a shell's prompt) waits for it.
  const stream = mux.open(request, true);
  let error: string | undefined;
  let code: number | null = null;
  // The agent reports the exit status, or why the shell could not start, before it ends the stream.
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
