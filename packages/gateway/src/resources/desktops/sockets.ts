import { websocketPaths, type DesktopControlMessage } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import { recordEvent } from '../../management/audit/record';
import { lockMessage } from '../../management/locks/lock';
import type { Identity } from '../../platform/access/identity';
import { joinModes, joinRefusal } from '../core/joinPolicy';
import { askOnSocket, sessionMfaRequired, sessionMfaTimeoutMs } from '../core/sessionMfa';
import { holdIncoming, type Held } from '../core/socket';
import { bridge } from '../core/socketBridge';
import { duplexPair } from '../databases/session/duplexPair';
import { desktopAuditFields, desktopListRefusal, desktopRefusal } from './kind';
import type { DesktopRecord, DesktopRepo } from './repo';
import { desktopParams, desktopSocketQuery } from './schemas';
import type { LiveDesktopSession } from './session/liveDesktops';
import { serveDesktopSession, type DesktopSessionDeps } from './session/pipeline';
import { desktopSubject } from './session/subject';

export interface DesktopSocketDeps extends DesktopSessionDeps {
  desktops: DesktopRepo;
  /** How long the browser has to answer a second-factor challenge. */
  mfaTimeoutMs?: number;
}

/** The desktop the browser names, if it exists and the user's roles reach it at all (windows_desktop_labels); otherwise why not. */
async function choose(deps: DesktopSocketDeps, identity: Identity, name: string): Promise<DesktopRecord | string> {
  const found = await deps.desktops.byName(name, deps.gw.now());
  if (!found.length) return `desktop ${name} was not found`;
  return found.find((d) => !desktopListRefusal(identity, d)) ?? `access to desktop ${name} denied: ${desktopListRefusal(identity, found[0]!)}`;
}

/** Why the user may not join live session `sid` on the desktop, or the session. */
function joinable(deps: DesktopSocketDeps, identity: Identity, desktop: DesktopRecord, sid: string): LiveDesktopSession | string {
  const live = deps.live.get(sid);
  if (!live || live.desktop.id !== desktop.id) return `session ${sid} was not found on desktop ${desktop.name} or has ended`;
  // Whatever mode the join_sessions rules grant, a desktop is joined as a view: its keyboard and mouse are the owner's.
  if (!joinModes(identity.roles, live.ownerRoles, 'desktop').length)
    return `your roles do not allow joining session ${sid}: ${joinRefusal(identity.roles, live.ownerRoles, 'desktop')}`;
  const lock = deps.gw.locks.find(desktopSubject(identity, live.login, desktop));
  return lock ? lockMessage(lock) : live;
}

/**
 * The desktop connect socket (desktopSocketUrl): binary frames carry RFB both ways, as noVNC speaks it; text
 * frames are the gateway's messages (desktopControlMessage), and the second-factor challenge when the roles ask
 * for one. The roles (windows_desktop_labels and windows_desktop_logins), locks and second factor are checked
 * before the gateway opens RFB with the browser; every refusal reaches the browser as an error message and,
 * for a session of the user's own, the audit log. With `sid` the browser joins that live session as an observer.
 */
export function desktopSocketRoutes(deps: DesktopSocketDeps) {
  deps.gw.socket(websocketPaths.desktop, {
    access: {
      signedIn:
        'who may reach which desktop, as which login, is decided per session by the roles (windows_desktop_labels, windows_desktop_logins, join_sessions)',
    },
    params: desktopParams,
    query: desktopSocketQuery,
    handler: async (socket, { identity, params, query, req }) => {
      socket.on('error', () => undefined); // a browser that vanishes mid-frame is handled by 'close'
      const send = (message: DesktopControlMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
      const held = holdIncoming(socket);
      const me = identity!;
      const fail = async (reason: string, audited?: DesktopRecord) => {
        const fields = audited && { user: me.user.name, ...desktopAuditFields(audited, query.username), error: reason, 'addr.remote': req.ip };
        if (fields) await recordEvent(deps.gw.store, 'DESKTOP_SESSION_STARTED_FAILED', fields);
        send({ type: 'error', message: reason });
        socket.close(1000, 'refused');
      };
      const desktop = await choose(deps, me, params.desktopName);
      if (typeof desktop === 'string') return fail(desktop);

      let observe: LiveDesktopSession | undefined;
      if (query.sid) {
        const live = joinable(deps, me, desktop, query.sid);
        if (typeof live === 'string') return fail(live);
        observe = live;
      } else {
        const denied = desktopRefusal(me, desktop, query.username);
        if (denied) return fail(`access to desktop ${desktop.name} denied: ${denied}`, desktop);
        const lock = deps.gw.locks.find(desktopSubject(me, query.username, desktop));
        if (lock) return fail(lockMessage(lock), desktop);
      }
      const mfaRefusal = await secondFactor(deps, socket, held, me, req.ip);
      if (mfaRefusal) return fail(`access to desktop ${desktop.name} denied: ${mfaRefusal}`, observe ? undefined : desktop);

      const [client, gatewaySide] = duplexPair();
      const carried = bridge(socket, client, held());
      await serveDesktopSession(deps, {
        identity: me,
        desktop,
        login: observe?.login ?? query.username,
        size: { width: query.width, height: query.height },
        client: gatewaySide,
        send,
        remoteAddr: req.ip,
        ...(observe && { observe }),
      });
      await carried;
    },
  });
}

/** Per-session MFA, asked on the socket as the terminal does. Undefined when the session may open. */
async function secondFactor(deps: DesktopSocketDeps, socket: WebSocket, held: Held, identity: Identity, remoteAddr: string) {
  if (!sessionMfaRequired(identity)) return undefined;
  return askOnSocket(deps.gw.mfa, socket, held, identity, remoteAddr, deps.mfaTimeoutMs ?? sessionMfaTimeoutMs);
}
