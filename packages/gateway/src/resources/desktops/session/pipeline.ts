import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { DesktopControlMessage } from '@portcullis/shared';
import type { FastifyBaseLogger } from 'fastify';
import { recordEvent } from '../../../management/audit/record';
import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import { dialThroughAgent } from '../../connectors/agent/dialStream';
import type { AgentRegistry } from '../../connectors/agent/registry';
import { ResourceRefusedError, ResourceUnreachableError } from '../../core/connectors';
import type { SessionCore } from '../../core/sessionCore';
import { webSessionCredential, type WatchedConnections } from '../../core/watchedConnections';
import { desktopAuditFields } from '../kind';
import type { DesktopRecordings } from '../recording/recorder';
import type { DesktopRecord } from '../repo';
import { openBrowserRfb, type BrowserOpening } from '../rfb/serverOpening';
import { RfbError } from '../rfb/rfbError';
import type { LiveDesktops, LiveDesktopSession } from './liveDesktops';
import { relay, type Relay } from './relay';
import { desktopSubject } from './subject';
import { joinModes } from '../../core/joinPolicy';

export interface DesktopSessionDeps {
  gw: Gateway;
  agents: AgentRegistry;
  core: SessionCore;
  watched: WatchedConnections;
  live: LiveDesktops;
  /** Where sessions the roles record (record_session.desktop) are written; without it none is recorded. */
  recordings: DesktopRecordings;
  log: FastifyBaseLogger;
}

export interface DesktopSessionRequest {
  identity: Identity;
  desktop: DesktopRecord;
  /** The login the session runs as (checked against the roles by the caller), and the browser's size. */
  login: string;
  size: { width: number; height: number };
  /** The browser's RFB bytes (the socket's binary frames). */
  client: Duplex;
  /** Sends the browser one of the gateway's own messages (a text frame). */
  send(message: DesktopControlMessage): void;
  remoteAddr: string;
  /** Joins this session as an observer instead of opening one of its own. */
  observe?: LiveDesktopSession;
}

/** How long the browser has to finish its side of the RFB opening. */
const openingTimeoutMs = 30_000;

/**
 * One browser connection to a desktop, once the roles, locks and second factor have let it through: the RFB
 * opening with the browser, the agent asked for a connection past the desktop's own opening, then the relay
 * until either side leaves. The owner's session is audited start to end, listed in Active Sessions, watched by
 * locks and recorded when the roles say so; an observer gets a view of its own (a shared connection) that ends
 * with the owner's session. Resolves once the session has ended and its end is audited.
 */
export async function serveDesktopSession(deps: DesktopSessionDeps, req: DesktopSessionRequest): Promise<void> {
  const { gw } = deps;
  const { identity, desktop, client } = req;
  client.on('error', () => undefined); // a browser that vanishes is handled by 'close'
  const fields = { user: identity.user.name, ...desktopAuditFields(desktop, req.login), 'addr.remote': req.remoteAddr };
  const refuse = async (reason: string) => {
    // An observer opens no session of its own: its refusals are the browser's to read only.
    if (!req.observe) await recordEvent(gw.store, 'DESKTOP_SESSION_STARTED_FAILED', { ...fields, error: reason });
    req.send({ type: 'error', message: reason });
    client.end();
    client.resume();
  };

  let opening: BrowserOpening | undefined;
  // A browser that connects and says nothing holds nothing of ours for long.
  const silent = setTimeout(() => client.destroy(), openingTimeoutMs);
  try {
    opening = await openBrowserRfb(client);
  } catch (err) {
    if (!(err instanceof RfbError)) throw err;
    return refuse(err.message);
  } finally {
    clearTimeout(silent);
  }
  if (!opening || client.destroyed) return void client.destroy();

  let link: Duplex;
  try {
    link = await dialThroughAgent(deps.agents, {
      agentId: desktop.agentId,
      kind: 'windows_desktop',
      id: desktop.id,
      request: { op: 'connect', login: req.login, width: req.size.width, height: req.size.height, shared: req.observe ? true : opening.shared },
      what: `desktop ${desktop.name}`,
    });
  } catch (err) {
    if (!(err instanceof ResourceRefusedError) && !(err instanceof ResourceUnreachableError)) throw err;
    if (err instanceof ResourceUnreachableError) deps.log.warn({ desktop: desktop.name, cause: (err.cause as Error | undefined)?.message }, err.message);
    return refuse(err.message);
  }
  if (client.destroyed) return void link.destroy();
  return req.observe ? observe(deps, req, req.observe, opening, link) : own(deps, req, opening, link, fields);
}

/** The owner's session: audited, listed, watched, recorded when the roles say so. */
async function own(deps: DesktopSessionDeps, req: DesktopSessionRequest, opening: BrowserOpening, link: Duplex, fields: Record<string, string>): Promise<void> {
  const { gw } = deps;
  const { identity, desktop } = req;
  const user = identity.user.name;
  const sid = randomUUID();
  const started = gw.now();
  const sessionFields = { sid, ...fields };
  const recorder = identity.roles.optionEnabled('record_desktop')
    ? deps.recordings.start({ sid, desktopName: desktop.name, user, startedAt: started })
    : undefined;
  const clipboard = identity.roles.optionEnabled('desktop_clipboard');
  await recordEvent(gw.store, 'DESKTOP_SESSION_STARTED', sessionFields);
  req.send({ type: 'session', sid, mode: 'owner', recording: recorder !== undefined, clipboard });
  const unlist = deps.core.listConnection(
    {
      id: sid,
      kind: 'desktop',
      login: req.login,
      resource: { kind: 'windows_desktop', id: desktop.id, name: desktop.name, addr: desktop.addr },
      clusterName: gw.config.clusterName,
      owner: user,
      terminal: { w: req.size.width, h: req.size.height },
    },
    { id: randomUUID(), user, remoteAddr: req.remoteAddr },
    // Whatever mode their join_sessions rules grant, others join a desktop as a view (its input is the owner's).
    (joiner) => (joinModes(joiner.roles, identity.user.roles, 'desktop').length ? ['observer'] : []),
  );
  const observers = new Set<(reason: string) => void>();
  const unlive = deps.live.add({
    sid,
    desktop,
    login: req.login,
    ownerRoles: identity.user.roles,
    recording: recorder !== undefined,
    onEnd: (listener) => {
      observers.add(listener);
      return () => void observers.delete(listener);
    },
  });
  const session: Relay = relay(req.client, link, opening.rest, {
    observer: false,
    clipboard,
    onClipboard: (length) =>
      void recordEvent(gw.store, 'DESKTOP_CLIPBOARD_SEND', { ...sessionFields, length }).catch((err: Error) =>
        deps.log.error({ sid, err: err.message }, 'a clipboard event could not be audited'),
      ),
    onInput: () => deps.core.tracker.touch(sid),
    ...(recorder && { onServerBytes: (chunk: Buffer) => recorder.write(chunk, gw.now()) }),
    sayWhy: (message) => req.send({ type: 'error', message }),
  });
  const unwatch = deps.watched.track(desktopSubject(identity, req.login, desktop), webSessionCredential(identity), (reason) => session.end(reason));
  const outcome = await session.closed;
  unwatch();
  unlive();
  unlist();
  for (const endObserver of observers) endObserver(outcome.reason ?? 'its owner left');
  const recorded = recorder ? await recorder.close() : false;
  await recordEvent(gw.store, 'DESKTOP_SESSION_ENDED', {
    ...sessionFields,
    recorded,
    session_start: new Date(started).toISOString(),
    session_stop: new Date(gw.now()).toISOString(),
    ...(outcome.reason && { reason: outcome.reason }),
    ...(outcome.error && { error: outcome.error }),
  });
}

/** An observer's view: its own shared connection to the desktop, input dropped, ended with the owner's session. */
async function observe(deps: DesktopSessionDeps, req: DesktopSessionRequest, live: LiveDesktopSession, opening: BrowserOpening, link: Duplex): Promise<void> {
  const { identity } = req;
  const partyId = randomUUID();
  deps.core.tracker.join(live.sid, { id: partyId, user: identity.user.name, remoteAddr: req.remoteAddr });
  req.send({ type: 'session', sid: live.sid, mode: 'observer', recording: live.recording, clipboard: false });
  const view = relay(req.client, link, opening.rest, {
    observer: true,
    clipboard: false,
    onClipboard: () => undefined,
    onInput: () => undefined,
    sayWhy: (message) => req.send({ type: 'error', message }),
  });
  const unfollow = live.onEnd((reason) => view.end(`the session ended: ${reason}`));
  const unwatch = deps.watched.track(desktopSubject(identity, live.login, live.desktop), webSessionCredential(identity), (reason) => view.end(reason));
  await view.closed;
  unwatch();
  unfollow();
  deps.core.tracker.leave(live.sid, partyId);
}
