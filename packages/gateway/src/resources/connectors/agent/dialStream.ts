import { Duplex } from 'node:stream';
import { appDialed, streamControl } from '../../agent/tunnel/requests';
import type { MuxStream } from '../../agent/tunnel/stream';
import type { AgentRegistry } from '../connectors/agent/registry';
import { ResourceUnreachableError } from '../core/connectors';
import type { AppRecord } from './repo';

/** How long the agent may take to connect to the app (its own dial gives up after 10 s). */
const dialTimeoutMs = 15_000;

/**
 * A byte stream to an app, through the tunnel of the agent serving it: the agent connects to the app's host
 * and port, and the gateway speaks HTTP (or TLS, or whatever a TCP app's client speaks) over it.
 *
 * Rejects with ResourceUnreachableError when the agent is not connected or cannot connect. Its message is
 * fit for the user (it names the app, never the upstream's address); what the agent reported, which names hosts
 * behind it, is its `cause`, for the gateway's log.
 */
export async function dialApp(agents: AgentRegistry, app: AppRecord): Promise<Duplex> {
  const mux = agents.connection(app.agentId);
  if (!mux) throw new ResourceUnreachableError(`app ${app.name} is offline: its agent is not connected`);
  const stream = mux.open({ kind: 'app', id: app.id, request: { op: 'dial' } });
  if (stream.isClosed) throw new ResourceUnreachableError(`app ${app.name} is offline: its agent's tunnel just closed`);
  // Listening starts now: an app that speaks first (a database's greeting) may send in the same tick as 'dialed'.
  const link = duplexOf(stream);
  await new Promise<void>((resolve, reject) => {
    let error: string | undefined;
    const fail = (why: string) => {
      cleanup();
      link.destroy();
      reject(new ResourceUnreachableError(`app ${app.name} is unreachable: its agent could not connect to it`, { cause: new Error(why) }));
    };
    const onControl = (raw: Record<string, unknown>) => {
      if (appDialed.safeParse(raw).success) {
        cleanup();
        link.dialed();
        resolve();
        return;
      }
      const message = streamControl.safeParse(raw);
      if (message.success && message.data.type === 'error') error = message.data.message;
    };
    const onClose = (reason: string | undefined) => fail(error ?? reason ?? 'the agent closed the stream');
    const timer = setTimeout(() => fail(`no answer from the agent within ${dialTimeoutMs / 1000} s`), dialTimeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      stream.off('control', onControl);
      stream.off('close', onClose);
    };
    stream.on('control', onControl);
    stream.once('close', onClose);
  });
  return link;
}

/**
 * A Duplex over a tunnel stream. Reading grants the agent credit only as the consumer reads, so a slow
 * reader slows the app; writing waits for the stream's drain. Ends are half-closes, as on TCP.
 */
function duplexOf(stream: MuxStream): Duplex & { dialed(): void } {
  let owed = 0;
  let ended = false;
  // Until the dial succeeds nobody listens for errors yet: a reset then only fails the dial.
  let connected = false;
  const duplex = new Duplex({
    allowHalfOpen: true,
    read() {
      if (owed > 0) {
        stream.ack(owed);
        owed = 0;
      }
    },
    write(chunk: Buffer, _encoding, callback) {
      if (stream.isClosed) return callback(new Error('the app connection is closed'));
      if (stream.write(chunk)) return callback();
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        callback(stream.isClosed ? new Error('the app connection is closed') : undefined);
      };
      stream.on('drain', settle);
      stream.on('close', settle);
    },
    final(callback) {
      stream.end();
      callback();
    },
    destroy(err, callback) {
      // Closing early (an error, or a client that went away) resets the stream so the agent closes the app's socket.
      if (!stream.isClosed) stream.reset(err ? 'aborted' : 'closed');
      callback(err);
    },
  });
  stream.on('data', (chunk) => {
    owed += chunk.length;
    duplex.push(chunk);
  });
  stream.on('end', () => {
    ended = true;
    duplex.push(null);
  });
  stream.on('close', (reason) => {
    if (reason && connected) duplex.destroy(new Error(`the app connection was reset: ${reason}`));
    else if (reason) duplex.destroy();
    else if (!ended) duplex.push(null);
  });
  return Object.assign(duplex, { dialed: () => void (connected = true) });
}
