import { randomUUID } from 'node:crypto';
import type { MfaResponseJson, ParticipantMode } from '@portcullis/shared';
import type { Identity } from '../../platform/access/identity';
import { recordEvent, type EventName } from '../../management/audit/record';
import { LockedSessions } from '../../management/locks/sessions';
import type { Gateway } from '../../platform/server/context';
import { closeInterruptedRecordings } from '../recordings/recover';
import type { RecordingStore } from '../recordings/store';
import { admit, isRefusal, refuseAdmission, type Admission, type AdmitRequest, type Refusal } from './admit';
import type { Channel } from './channel';
import { ResourceUnreachableError, type Connectors } from './connectors';
import { joinModes, joinRefusal, recordingEnabled } from './joinPolicy';
import { LiveSession, type SessionEnd } from './liveSession';
import { moderationPolicies } from './moderation';
import { PacedQueue } from './pacedQueue';
import type { ResourceKinds } from './resource';
import { sessionJson } from './sessionJson';
import { askOnSocket, checkSessionAnswer, sessionMfaRequired, sessionMfaTimeoutMs } from './sessionMfa';
import { refuse, sendControl, type Held, type PartySocket } from './socket';
import { SessionTracker, type TrackedSession } from './tracker';
import type { PeerSessions } from '../livesessions/peerSessions';
import type { WebSessionWatch } from './webSessionWatch';

/** A session without a terminal (one command) is still described with one: the default window. */
const noTerminal = { w: 80, h: 24 };

export interface StartOptions {
  socket: PartySocket;
  /** What the browser sent during admission (see holdIncoming); the answer to a second-factor challenge is taken from it. */
  held: Held;
  /** A shell on a terminal (interactive: joinable, recorded, session.start written) or one command. */
  open: { type: 'shell'; term: { w: number; h: number } } | { type: 'exec'; command: string };
  /**
   * For a kind that reaches its resources its own way (a pod's exec, through the Kubernetes API): opens the
   * channel instead of the resource's connector, once admission and any second factor have passed.
   */
  channel?: () => Channel;
  /** Fields of this session's own beside the resource's (the pod and container of a Kubernetes exec). */
  auditFields?: Record<string, string>;
  /** Events of the adapter's own, written after the session ends and before its session.end event. */
  onEnd?: (end: SessionEnd, auditFields: Record<string, unknown>) => Promise<unknown>;
}

export interface SessionCoreOptions {
  /** How long a session waits for the answer to its second-factor challenge. */
  sessionMfaTimeoutMs?: number;
}

/**
 * The session core: admit → a second factor when the roles ask for one → open a channel through the
 * resource's connector → track → parties and recording → audit start and end. The terminal, the command
 * socket and file transfer are thin adapters over it, and a new resource kind gets all of it by registering
 * a kind and a connector.
 */
export class SessionCore {
  readonly tracker: SessionTracker;
  /** With other gateways on the database: the sessions they hold, listed beside these and joined through them. */
  peers: PeerSessions | undefined;
  private readonly live = new Map<string, LiveSession>();
  /** Sessions without a terminal (listConnection), with how each may be joined. */
  private readonly connections = new Map<string, { tracked: TrackedSession; joinModes: (identity: Identity) => ParticipantMode[] }>();
  /** Every running session (commands too) as locks and web sessions see it: a new lock, or a sign-out, ends what it covers. */
  private readonly locked: LockedSessions;
  /** Sessions' endings and their session.end events, paced so thousands ending at once do not hold the event loop. */
  readonly endings = new PacedQueue();

  constructor(
    private readonly gw: Gateway,
    readonly kinds: ResourceKinds,
    readonly connectors: Connectors,
    private readonly recordings: RecordingStore,
    webSessions: WebSessionWatch,
    private readonly options: SessionCoreOptions = {},
  ) {
    this.tracker = new SessionTracker(gw.now);
    this.locked = new LockedSessions(gw.locks, webSessions);
    void closeInterruptedRecordings(recordings, gw.store, (sid) => this.live.has(sid)).catch((err: Error) =>
      process.emitWarning(`could not close the recordings a stopped gateway left open: ${err.message}`),
    );
  }

  admit(request: Omit<AdmitRequest, 'kind'> & { kind: string }): Promise<Admission | Refusal> {
    return admit(this.gw.store, { ...request, kind: this.kinds.get(request.kind) }, this.gw.locks);
  }

  /** Admission for a websocket: a refusal is written into the terminal and the socket closed. */
  async admitSocket(socket: PartySocket, request: Omit<AdmitRequest, 'kind'> & { kind: string }): Promise<Admission | undefined> {
    const admission = await this.admit(request);
    if (!isRefusal(admission)) return admission;
    refuse(socket, admission.message);
    return undefined;
  }

  /**
   * Per-session MFA for a request that brings its answer along (file transfer's `webauthn` parameter): the
   * refusal, audited as `event`, or undefined when no second factor is needed or the answer is accepted.
   */
  async checkSecondFactor(admission: Admission, answer: MfaResponseJson | undefined, event: EventName): Promise<Refusal | undefined> {
    if (!sessionMfaRequired(admission.identity)) return undefined;
    const reason = await checkSessionAnswer(this.gw.mfa, admission.identity, answer, admission.remoteAddr);
    return reason ? refuseAdmission(this.gw.store, admission, event, reason) : undefined;
  }

  /** Opens the admitted session and bridges it to the browser's socket until it ends, audited start to end. */
  async start(admission: Admission, options: StartOptions): Promise<void> {
    const { kind, resource, identity, login, remoteAddr } = admission;
    const { socket } = options;
    const refusal = await this.secondFactorRefusal(socket, options.held, identity, remoteAddr);
    if (refusal) return refuse(socket, (await refuseAdmission(this.gw.store, admission, 'SESSION_REJECTED', refusal)).message);
    const user = identity.user.name;
    const clusterName = this.gw.config.clusterName;
    const sid = randomUUID();
    const interactive = options.open.type === 'shell';
    const term = options.open.type === 'shell' ? options.open.term : noTerminal;
    const request = options.open.type === 'shell' ? { type: 'shell' as const, login, term, sessionId: sid } : { type: 'exec' as const, login, command: options.open.command };
    const moderation = moderationPolicies(identity.roles, kind.sessionKind);
    if (moderation.length && !interactive) {
      // Only a terminal can be joined, so a command could never be moderated: refused rather than run unwatched.
      const reason = `your roles require moderators for ${kind.sessionKind} sessions (policy ${moderation[0]!.name}), and a command cannot be moderated: open a terminal instead`;
      return refuse(socket, (await refuseAdmission(this.gw.store, admission, 'SESSION_MODERATED_DENIED', reason)).message);
    }
    let channel;
    try {
      channel = options.channel?.() ?? this.connectors.for(resource).channel(resource, request, { user, keyId: `${user}@${clusterName}` });
    } catch (err) {
      if (err instanceof ResourceUnreachableError) return refuse(socket, err.message);
      throw err;
    }
    const partyId = randomUUID();
    const session = this.tracker.start(
      { id: sid, kind: kind.sessionKind, login, resource: { kind: resource.kind, id: resource.id, name: resource.name, addr: resource.addr }, clusterName, owner: user, terminal: term, ...(moderation.length ? { moderated: true } : {}) },
      { id: partyId, user, remoteAddr },
    );
    const recorded = recordingEnabled(identity.roles);
    const auditFields = { sid, login, ...kind.auditFields(resource), ...options.auditFields, namespace: 'default' };
    const live = new LiveSession({
      store: this.gw.store,
      now: this.gw.now,
      tracker: this.tracker,
      session,
      channel,
      owner: { partyId, socket, held: options.held(), roles: identity.user.roles },
      interactive,
      ...(interactive && recorded ? { recordings: this.recordings } : {}),
      auditFields,
      moderation,
      endings: this.endings,
    });
    if (interactive) this.live.set(sid, live);
    this.locked.track(live, identity, socket);
    sendControl(socket, { type: 'session', session: sessionJson(session) });
    // The start event is written while the channel starts, not before: the audit write stays off the path to the prompt.
    const started = interactive ? recordEvent(this.gw.store, 'SESSION_START', { ...auditFields, user, size: `${term.w}:${term.h}`, 'addr.remote': remoteAddr, interactive: true }) : undefined;
    void live.ended.then((end) => {
      this.live.delete(sid);
      // Queued behind the endings of this turn, so its write counts against the turn it runs in (see PacedQueue).
      this.endings.run(async () => {
        await started;
        await options.onEnd?.(end, { user, ...auditFields });
        await recordEvent(this.gw.store, 'SESSION_END', {
          ...auditFields,
          user,
          participants: end.participants,
          interactive,
          session_recording: recorded ? 'on' : 'off',
          session_start: new Date(session.created).toISOString(),
          session_stop: new Date(end.stopped).toISOString(),
          ...(end.exit.error ? { error: end.exit.error } : {}),
          ...(end.exit.code !== null ? { exit_code: end.exit.code } : {}),
        });
      }, `could not audit the end of session ${sid}`);
    });
    if (started) sendControl(socket, { type: 'audit', event: await started });
  }

  /** Joins the browser to a running session in the requested mode, or refuses with the reason. */
  async join(socket: PartySocket, identity: Identity, sid: string, requested: ParticipantMode | undefined, remoteAddr: string, held: Held): Promise<void> {
    const live = this.live.get(sid);
    if (!live) return refuse(socket, `session ${sid} was not found or has ended`);
    const allowed = this.modesFor(identity, sid);
    const mode = requested ?? allowed[0];
    if (!mode || !allowed.includes(mode)) {
      return refuse(
        socket,
        allowed.length
          ? `your roles allow joining session ${sid} only as ${allowed.join(' or ')}`
          : `your roles do not allow joining session ${sid}: ${joinRefusal(identity.roles, live.ownerRoles, live.session.kind)}`,
      );
    }
    const refusal = this.locked.admitJoiner(live, identity, socket) ?? (await this.secondFactorRefusal(socket, held, identity, remoteAddr));
    if (refusal) {
      const { login, resource } = live.session;
      await recordEvent(this.gw.store, 'SESSION_REJECTED', { user: identity.user.name, sid, login, server: resource.name, server_id: resource.id, reason: refusal, error: refusal, 'addr.remote': remoteAddr });
      return refuse(socket, `access denied to session ${sid}: ${refusal}`);
    }
    await live.join(socket, identity.user.name, mode, remoteAddr, held, identity.user.roles);
  }

  /** Why the session may not open for want of a second factor, asked for on the socket when the roles require one; undefined when it may. */
  private async secondFactorRefusal(socket: PartySocket, held: Held, identity: Identity, remoteAddr: string): Promise<string | undefined> {
    if (!sessionMfaRequired(identity)) return undefined;
    return askOnSocket(this.gw.mfa, socket, held, identity, remoteAddr, this.options.sessionMfaTimeoutMs ?? sessionMfaTimeoutMs);
  }

  /** The modes this user is offered for this session (empty: may not join). */
  modesFor(identity: Identity, sid: string): ParticipantMode[] {
    const live = this.live.get(sid);
    return live ? joinModes(identity.roles, live.ownerRoles, live.session.kind) : (this.connections.get(sid)?.joinModes(identity) ?? []);
  }

  /**
   * A session without a terminal of the core's (a database connection, a desktop): listed among active sessions
   * until the returned function is called; `joinModes` says how a user may join it (a desktop's own socket
   * serves observers), none by default.
   */
  listConnection(
    session: Parameters<SessionTracker['start']>[0],
    party: Parameters<SessionTracker['start']>[1],
    joinModes: (identity: Identity) => ParticipantMode[] = () => [],
  ): () => void {
    const tracked = this.tracker.start(session, party);
    this.connections.set(tracked.id, { tracked, joinModes });
    return () => {
      this.connections.delete(tracked.id);
      this.tracker.end(tracked.id);
    };
  }

  /** The sessions people can see: those with a terminal (which they may join) and listed connections. */
  list(): TrackedSession[] {
    return [...[...this.live.values()].map((l) => l.session), ...[...this.connections.values()].map((c) => c.tracked)];
  }

  get(sid: string): TrackedSession | undefined {
    return this.live.get(sid)?.session ?? this.connections.get(sid)?.tracked;
  }

  /** The running session `sid` itself (file transfer asks it for a moderator's approval). */
  liveSession(sid: string): LiveSession | undefined {
    return this.live.get(sid);
  }
}
