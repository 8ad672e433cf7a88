/**
 * A test-only resource kind, built the way a new kind is: a kind, a connector and a route, registered through
 * the resources' public interface, with no change to the terminal, the session core or any other kind. Its
 * resources are in memory and its channel upper-cases what it is sent, ending on "exit"; sent "burst", it also
 * answers in three chunks at once. dropEchoChannels ends every open one at once.
 */
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import type { Channel, ChannelExit } from '../../src/resources/core/channel';
import type { Connector } from '../../src/resources/core/connectors';
import type { Resource, ResourceKind } from '../../src/resources/core/resource';
import { holdIncoming } from '../../src/resources/core/socket';
import type { ResourceModule } from '../../src/resources/register';

export const echoResource: Resource = { kind: 'echo', id: 'echo-1', name: 'echo-one', addr: 'memory', labels: {}, agentId: null };

/** Only the login "echoer" may open an echo session. */
export const echoKind: ResourceKind = {
  name: 'echo',
  sessionKind: 'app',
  find: async (id) => (id === echoResource.id ? echoResource : undefined),
  refusal: (_identity, _resource, login) => (login === 'echoer' ? undefined : `login "${login}" may not echo`),
  auditFields: (resource) => ({ app_name: resource.name, server_id: resource.id }),
};

/** How to end each open echo channel at once (see dropEchoChannels). */
const openChannels = new Set<(exit: ChannelExit) => void>();

/** Ends every open echo channel in this turn of the event loop, as a dropped tunnel ends every session on it. */
export function dropEchoChannels(reason: string): void {
  for (const drop of [...openChannels]) drop({ code: null, error: reason });
}

function echoChannel(): Channel {
  const events = new EventEmitter<{ data: [Buffer]; exit: [ChannelExit] }>();
  let ended = false;
  const drop = (exit: ChannelExit) => {
    if (ended) return;
    ended = true;
    openChannels.delete(drop);
    events.emit('exit', exit);
  };
  openChannels.add(drop);
  const end = (exit: ChannelExit) => setImmediate(() => drop(exit));
  setImmediate(() => events.emit('data', Buffer.from('echo ready\r\n')));
  return {
    onData: (listener) => void events.on('data', listener),
    onExit: (listener) => void events.on('exit', listener),
    ack: () => undefined,
    write: (input) => {
      const text = input.toString();
      events.emit('data', Buffer.from(text.toUpperCase()));
      if (text.startsWith('burst')) for (const word of ['one ', 'two ', 'three']) events.emit('data', Buffer.from(word));
      if (text.includes('exit')) end({ code: 0 });
    },
    resize: () => undefined,
    close: () => end({ code: null, error: 'closed' }),
  };
}

export const echoConnector: Connector = { channel: () => echoChannel() };

export const echoPath = '/v1/webapi/sites/:clusterId/echo/:id';

export const echoModule: ResourceModule = ({ gw, core }) => {
  core.kinds.register(echoKind);
  core.connectors.registerDirect('echo', echoConnector);
  gw.socket(echoPath, {
    access: { signedIn: 'the echo kind decides per resource and login, like every kind' },
    params: z.object({ clusterId: z.string(), id: z.string() }),
    query: z.object({ access_token: z.string(), login: z.string(), w: z.coerce.number().int(), h: z.coerce.number().int() }),
    handler: async (socket, { identity, params, query, req }) => {
      const held = holdIncoming(socket);
      const admission = await core.admitSocket(socket, { kind: 'echo', id: params.id, identity: identity!, login: query.login, remoteAddr: req.ip, refusedEvent: 'SESSION_REJECTED' });
      if (!admission) return;
      await core.start(admission, { socket, held, open: { type: 'shell', term: { w: query.w, h: query.h } } });
    },
  });
};
