import type { Duplex } from 'node:stream';
import { streamControl, streamDialed, streamRefused } from '../../../agent/tunnel/requests';
import { duplexOf } from '../../../agent/tunnel/streamDuplex';
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
