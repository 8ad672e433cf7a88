import type { Readable, Writable } from 'node:stream';
import type { Channel, ChannelRequest } from './channel';
import type { Resource } from './resource';

/** Who a connector acts for: the user, and the key id OpenSSH certificates carry (user@cluster). */
export interface Caller {
  user: string;
  keyId: string;
}

/** One file transfer in progress: bytes flow through `data`; `done` settles with the resource's verdict. */
export interface Transfer<S> {
  data: S;
  done: Promise<{ ok: true } | { ok: false; error: string }>;
}

/** Reading and writing files as a login, for kinds that have files (nodes). */
export interface FileTransfers {
  download(resource: Resource, login: string, path: string, caller: Caller): Transfer<Readable>;
  upload(resource: Resource, login: string, path: string, caller: Caller): Transfer<Writable>;
}

/** One way of reaching resources: opens channels on them, and moves files where the kind has files. */
export interface Connector {
  channel(resource: Resource, request: ChannelRequest, caller: Caller): Channel;
  files?: FileTransfers;
}

/** The resource cannot be reached now; the message says why, for the person who asked. */
export class ResourceUnreachableError extends Error {}

/** The resource itself refused (a database turned the login down); the message is its reason, for the person who asked. */
export class ResourceRefusedError extends Error {}

/**
 * Chooses the connector from the resource record: a resource an agent serves is reached through that agent's
 * tunnel, whatever its kind; any other through the direct connector its kind registered (OpenSSH for nodes).
 */
export class Connectors {
  private readonly direct = new Map<string, Connector>();

  constructor(private readonly viaAgent: Connector) {}

  registerDirect(kind: string, connector: Connector): void {
    if (this.direct.has(kind)) throw new Error(`a direct connector for ${kind} is registered twice`);
    this.direct.set(kind, connector);
  }

  for(resource: Resource): Connector {
    if (resource.agentId) return this.viaAgent;
    const connector = this.direct.get(resource.kind);
    if (!connector) throw new ResourceUnreachableError(`${resource.kind} ${resource.name} has no agent and cannot be reached directly`);
    return connector;
  }
}
