import { Duplex } from 'node:stream';
import { streamControl, streamDialed, streamRefused } from '../../../agent/tunnel/requests';
import type { MuxStream } from '../../../agent/tunnel/stream';
import { ResourceRefusedError, ResourceUnreachableError } from '../../core/connectors';
import type { AgentRegistry } from './registry';

/** How long the agent may take to connect (its own dial gives up after 10 s; a database login may add a few). */
const dialTimeoutMs = 15_000;

export interface DialTarget {
  /** The agent serving the resource. */
  agentId: string;
  /** The stream request: the resource's kind and id, and the kind's own request. */
  kind: string;
  id: string;
  request: Record<string, unknown>;
  /** How the user's messages name the resource ('app grafana'). */
  what: string;
}

/**
 * A byte stream to a resource, through the tunnel of the agent serving it: the agent connects to the resource
 * (and, for a database, logs in) and answers 'dialed'; then the bytes are the resource's protocol.
 *
 * Rejects with ResourceUnreachableError when the agent is not connected or cannot connect. Its message is fit
 * for the user (it names the resource, never the upstream's address); what the agent reported, which names
 * hosts behind it, is its `cause`, for the gateway's log. Rejects with ResourceRefusedError when the resource
 * itself refused (a database login), whose message is the resource's own reason.
 */
export async function dialThroughAgent(agents: AgentRegistry, t: DialTarget): Promise<Duplex> {
  const mux = agents.connection(t.agentId);
  if (!mux) throw new ResourceUnreachableError(`${t.what} is offline: its agent is not connected`);
  const stream = mux.open({ kind: t.kind, id: t.id, request: t.request });
  if (stream.isClosed) throw new ResourceUnreachableError(`${t.what} is offline: its agent's tunnel just closed`);
  // Listening starts now: a resource that speaks first (a database's greeting) may send in the same tick as 'dialed'.
  const link = duplexOf(stream);
  await new Promise<void>((resolve, reject) => {
    let error: string | undefined;
    let refused: string | undefined;
    const fail = (why: string) => {
      cleanup();
      link.destroy();
      reject(refused ? new ResourceRefusedError(refused) : new ResourceUnreachableError(`${t.what} is unreachable: its agent could not connect to it`, { cause: new Error(why) }));
    };
    const onControl = (raw: Record<string, unknown>) => {
      if (streamDialed.safeParse(raw).success) {
        cleanup();
        link.dialed();
        resolve();
        return;
      }
      const refusal = streamRefused.safeParse(raw);
      if (refusal.success) refused = refusal.data.message;
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
 * reader slows the resource; writing waits for the stream's drain. Ends are half-closes, as on TCP.
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
      if (stream.isClosed) return callback(new Error('the connection is closed'));
      if (stream.write(chunk)) return callback();
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        callback(stream.isClosed ? new Error('the connection is closed') : undefined);
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
    if (reason && connected) duplex.destroy(new Error(`the connection was reset: ${reason}`));
    else if (reason) duplex.destroy();
    else if (!ended) duplex.push(null);
  });
  return Object.assign(duplex, { dialed: () => void (connected = true) });
}
