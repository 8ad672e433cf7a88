import { randomUUID } from 'node:crypto';
import { websocketPaths } from '@portcullis/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { recordEvent } from '../../management/audit/record';
import { identitySubject } from '../../management/locks/subject';
import type { Identity } from '../../platform/access/identity';
import type { Gateway } from '../../platform/server/context';
import type { AgentRegistry } from '../connectors/agent/registry';
import { ResourceUnreachableError } from '../core/connectors';
import { askOnSocket, sessionMfaRequired, sessionMfaTimeoutMs } from '../core/sessionMfa';
import { holdIncoming, refuse, type Held } from '../core/socket';
import { dialApp } from './dial';
import { appAuditFields, appRefusal } from './kind';
import type { AppRecord, AppRepo } from './repo';
import { appTcpParams, appTcpQuery } from './schemas';
import { bridge } from '../core/socketBridge';
import { webSessionCredential, type WatchedConnections } from '../core/watchedConnections';

export interface TcpAppDeps {
  gw: Gateway;
  apps: AppRepo;
  agents: AgentRegistry;
  sessions: WatchedConnections;
  log: FastifyBaseLogger;
  /** How long the client has to answer a second-factor challenge. */
  mfaTimeoutMs?: number;
}

/**
 * Chooses the app a TCP client names: a live one the user's roles reach. A refusal by the roles is audited;
 * the sentence the user reads never names the upstream's address.
 */
async function choose(deps: TcpAppDeps, identity: Identity, name: string, remoteAddr: string): Promise<AppRecord | string> {
  const found = await deps.apps.byName(name, deps.gw.now());
  if (!found.length) return `app ${name} was not found or is offline`;
  const allowed = found.find((a) => !appRefusal(identity, a));
  if (allowed) return allowed;
  const reason = appRefusal(identity, found[0]!)!;
  await denied(deps, identity, found[0]!, reason, remoteAddr);
  return `access denied to app ${name}: ${reason}`;
}

const denied = (deps: TcpAppDeps, identity: Identity, app: AppRecord, reason: string, remoteAddr: string) =>
  recordEvent(deps.gw.store, 'SESSION_REJECTED', { user: identity.user.name, login: '', server: app.name, ...appAuditFields(app), reason, error: reason, 'addr.remote': remoteAddr });

/** Per-session MFA, asked on the socket as the terminal does; undefined when the connection may open. */
async function secondFactor(deps: TcpAppDeps, socket: WebSocket, held: Held, identity: Identity, app: AppRecord, remoteAddr: string): Promise<string | undefined> {
  if (!sessionMfaRequired(identity)) return undefined;
  const reason = await askOnSocket(deps.gw.mfa, socket, held, identity, remoteAddr, deps.mfaTimeoutMs ?? sessionMfaTimeoutMs);
  if (reason) await denied(deps, identity, app, reason, remoteAddr);
  return reason && `access denied to app ${app.name}: ${reason}`;
}

/**
 * A TCP app's byte stream for `portcullis proxy app`: one websocket per client connection, binary frames both
 * ways, after the same checks as any session (roles' app_labels, locks, per-session MFA). Audited at its start
 * and end, with the bytes carried each way; a lock, or the end of the web session it was opened under (its expiry, a
 * sign-out), ends it.
 */
export function tcpAppRoutes(deps: TcpAppDeps) {
  const { gw } = deps;
  gw.socket(websocketPaths.appTcp, {
    access: { signedIn: 'who may reach which app is decided per app in the handler, by the roles' },
    params: appTcpParams,
    query: appTcpQuery,
    handler: async (socket, { identity, params, req }) => {
      socket.on('error', () => undefined); // a client that vanishes mid-frame is handled by 'close'
      const held = holdIncoming(socket);
      const user = identity!.user.name;
      const remoteAddr = req.ip;
      const app = await choose(deps, identity!, params.appName, remoteAddr);
      if (typeof app === 'string') return refuse(socket, app);
      const mfaRefusal = await secondFactor(deps, socket, held, identity!, app, remoteAddr);
      if (mfaRefusal) return refuse(socket, mfaRefusal);
      let link;
      try {
        link = await dialApp(deps.agents, app);
      } catch (err) {
        if (!(err instanceof ResourceUnreachableError)) throw err;
        deps.log.warn({ app: app.name, cause: (err.cause as Error | undefined)?.message }, err.message);
        return refuse(socket, err.message);
      }
      if (socket.readyState !== socket.OPEN) return void link.destroy();
      const sid = randomUUID();
      const fields = { sid, user, ...appAuditFields(app), app_session_kind: 'tcp', 'addr.remote': remoteAddr };
      const started = new Date(gw.now()).toISOString();
      await recordEvent(gw.store, 'APP_SESSION_START', fields);
      const untrack = deps.sessions.track(identitySubject(identity!), webSessionCredential(identity!), (reason) => {
        refuse(socket, reason);
        link.destroy();
      });
      const totals = await bridge(socket, link, held());
      untrack();
      await recordEvent(gw.store, 'APP_SESSION_END', {
        ...fields,
        session_start: started,
        session_stop: new Date(gw.now()).toISOString(),
        bytes_to_app: totals.toApp,
        bytes_from_app: totals.fromApp,
      });
    },
  });
}
