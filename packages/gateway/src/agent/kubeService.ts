import type { Server } from 'node:http';
import { refuseBadRequest } from './refuseBadRequest';
import { kubeRequest } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';
import { duplexOf } from './tunnel/streamDuplex';

/**
 * Serves a Kubernetes cluster's stream: it carries HTTP from the gateway (one request, or one upgraded exec,
 * attach or port-forward), which the cluster's forwarder passes to the API server with the agent's credentials.
 */
export function serveKube(stream: MuxStream, raw: unknown, forwarder: Server | undefined): void {
  const parsed = kubeRequest.safeParse(raw);
  if (!parsed.success) return refuseBadRequest(stream, parsed.error.issues[0]?.message ?? 'unknown');
  if (!forwarder) return refuseBadRequest(stream, 'this agent serves no such Kubernetes cluster');
  const link = duplexOf(stream);
  stream.control({ type: 'dialed' });
  stream.accept();
  link.dialed();
  forwarder.emit('connection', link);
}
