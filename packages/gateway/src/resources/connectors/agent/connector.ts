import type { StreamRequest } from '../../../agent/tunnel/requests';
import { ResourceUnreachableError, type Connector } from '../../core/connectors';
import type { Resource } from '../../core/resource';
import { streamChannel } from './channel';
import type { AgentRegistry } from './registry';
import { streamDownload, streamUpload } from './transfers';

/**
 * Reaches a resource through the tunnel of the agent serving it: each channel or transfer is a new stream whose
 * request names the resource's kind and id, so one agent can serve several resources of several kinds.
 */
export function agentConnector(agents: AgentRegistry): Connector {
  const open = (resource: Resource, request: StreamRequest['request'], holdOutput = false) => {
    const mux = resource.agentId ? agents.connection(resource.agentId) : undefined;
    if (!mux) throw new ResourceUnreachableError(`${resource.kind} ${resource.name} is offline: its agent is not connected`);
    return mux.open({ kind: resource.kind, id: resource.id, request }, holdOutput);
  };
  return {
    // Output is held until the session listens, so the first bytes (a shell's prompt) wait for it.
    channel: (resource, request) =>
      streamChannel(open(resource, request.type === 'shell' ? { op: 'shell', login: request.login, term: request.term, sessionId: request.sessionId } : { op: 'exec', login: request.login, command: request.command }, true)),
    files: {
      download: (resource, login, path) => streamDownload(open(resource, { op: 'download', login, path })),
      upload: (resource, login, path) => streamUpload(open(resource, { op: 'upload', login, path })),
    },
  };
}
