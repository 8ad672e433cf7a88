import { randomUUID } from 'node:crypto';
import type { ControlMessage, ParticipantMode } from '@portcullis/shared';
import { recordEvent } from '../../management/audit/record';
import type { Store } from '../../platform/storage/store';
import { keyframeThread, type ScreenMirror } from '../recordings/screenMirrors';
import type { RecordingStore } from '../recordings/store';
import { defaultWriterOptions, type RecordingWriter } from '../recordings/writer';
import type { Channel, ChannelExit } from './channel';
import { withCreditGate } from './creditGate';
import type { PacedQueue } from './pacedQueue';
import { unmetPolicies, waitingText, type ModerationPolicy, type UnmetPolicy } from './moderation';
import { TransferApprovals, type TransferRequest, type TransferSpec } from './moderationTransfers';
import { sessionJson } from './sessionJson';
import { receiveFrame, refuse, sendControl, type Incoming, type PartySocket } from './socket';
import type { SessionTracker, TrackedSession } from './tracker';

/** A joined party further behind than this is dropped rather than letting the gateway buffer without bound. */
export const maxJoinerBacklogBytes = 8 * 1024 * 1024;

interface Party {
  id: string;
  user: string;
  mode: ParticipantMode | 'owner';
  /** The user's role names, which moderation policies' filters read. */
  roles: string[];
  socket: PartySocket;
  /** Output that came while a joiner's first screen was being made; sent right after it. */
  held?: { chunks: Buffer[]; bytes: number };
}

/** How a session ended, for its session.end event. */
export interface SessionEnd {
  exit: ChannelExit;
  /** When it ended (ms since the epoch). */
  stopped: number;
  /** Everyone who took part, the owner first. */
  participants: string[];
}

export interface LiveSessionOptions {
  store: Store;
  now: () => number;
  tracker: SessionTracker;
  session: TrackedSession;
  channel: Channel;
  /** The owner's party, with what they sent before the session opened and the roles joiners are matched against. */
  owner: { partyId: string; socket: PartySocket; held: Incoming[]; roles: string[] };
  /** Interactive sessions have a terminal: they are resized, joined and (unless `recordings` is absent) recorded. */
  interactive: boolean;
  /** Where the session is recorded; absent when the owner's roles turn recording off. */
  recordings?: RecordingStore;
  /** The fields naming the session in its events: sid, login, the resource's fields, namespace. */
  auditFields: Record<string, unknown>;
  /** The owner's require_session_join policies for this session; with any, the session is moderated. */
  moderation?: ModerationPolicy[];
  /** Where the session's end is queued, shared by every session of the gateway (see PacedQueue). */
  endings: PacedQueue;
}

const notice = (text: string) => Buffer.from(`\r\n\x1b[2m[${text}]\x1b[0m\r\n`);

/**
 * One running session and everyone in it. Output goes to the owner as binary frames and is credited back to
 * the channel only as the owner acknowledges it (never more than was sent), so a flood waits at its source
 * and a Ctrl-C typed meanwhile is a small frame that overtakes nothing queued. Joined parties (observer, peer,
 * moderator) get the same output, the screen they join into first. One receive loop serves every party, each
 * by its mode. The recording, or for an unrecorded session a screen for joiners, is kept here too.
 */
export class LiveSession {
  readonly ended: Promise<SessionEnd>;
  private done = false;
  private resolveEnded!: (end: SessionEnd) => void;
  private readonly parties = new Map<string, Party>();
  private readonly participants = new Set<string>();
  private readonly recorder?: Promise<RecordingWriter | undefined>;
  private readonly screen?: ScreenMirror;
  /** The channel the owner's acknowledgements credit: held back while an unrecorded session's screen lags. */
  private readonly credited: Channel;
  private size: { w: number; h: number };
  private outstanding = 0;
  /** Set when the session was ended from outside (terminate): the reason every party is given. */
  private terminatedBecause?: string;
  /** The moderation policies; empty when the session is not moderated. */
  private readonly policies: ModerationPolicy[];
  /**
   * A moderated session whose policies are not met (not yet, or no longer): no input reaches the channel and its
   * output waits here. Nothing is acknowledged meanwhile, so the channel stops at its window and this stays small.
   */
  private gate?: { chunks: Buffer[]; bytes: number };
  /**
   * Output that arrived in this turn of the event loop, delivered as one chunk at its end: a flood comes as many
   * small frames of the tunnel, and each delivery costs a recording write and a websocket message per party
   * (and the browser a message event and a parse).
   */
  private turnOutput: Buffer[] = [];
  /** Whether a moderated session has ever run: it then pauses or ends when a moderator leaves, rather than waits. */
  private started = false;
  private readonly approvals = new TransferApprovals();

  constructor(private readonly o: LiveSessionOptions) {
    const { session, channel, owner } = o;
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.size = { ...session.terminal };
    this.participants.add(session.owner);
    this.policies = o.moderation ?? [];
    // Closed before anything can arrive: output and held keystrokes wait for the moderators too.
    if (this.policies.length) this.gate = { chunks: [], bytes: 0 };
    if (o.interactive && o.recordings) this.recorder = this.startRecording(o.recordings);
    else if (o.interactive) this.screen = keyframeThread.open(this.size.w, this.size.h, { ...defaultWriterOptions.keyframes, intervalMs: Infinity, bytes: Infinity }, () => undefined);
    this.credited = this.screen ? withCreditGate(channel, this.screen) : channel;
    // Listening before anything is awaited: output that arrives while the recording files are being
    // created waits in memory for them, chained so it stays in order.
    channel.onData((chunk) => (this.gate ? this.holdOutput(chunk) : this.gather(chunk)));
    channel.onExit((exit) => this.o.endings.run(() => this.finish(exit), `could not end session ${session.id}`));
    const party: Party = { id: owner.partyId, user: session.owner, mode: 'owner', roles: owner.roles, socket: owner.socket };
    this.parties.set(party.id, party);
    this.listen(party, owner.held);
    if (this.gate) this.tell(waitingText(this.unmet()));
  }

  /** Whether the owner's roles require moderators: file transfers then need a moderator's approval. */
  get moderated(): boolean {
    return this.policies.length > 0;
  }

  /** Uses up an approved file-transfer request of this session for exactly this transfer: undefined, or why not. */
  useTransferApproval(requestId: string, requester: string, spec: TransferSpec): string | undefined {
    return this.approvals.use(requestId, requester, spec);
  }

  private gather(chunk: Buffer): void {
    this.turnOutput.push(chunk);
    if (this.turnOutput.length === 1) setImmediate(() => this.deliverGathered());
  }

  /** Delivers the output gathered so far; called before anything that must come after it (a notice, the end). */
  private deliverGathered(): void {
    const chunks = this.turnOutput;
    if (chunks.length === 0 || this.done) return;
    this.turnOutput = [];
    this.deliver(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }

  private deliver(chunk: Buffer): void {
    if (this.recorder) void this.recorder.then((r) => r?.output(chunk));
    else this.screen?.feed(chunk, this.o.now() - this.o.session.created);
    for (const party of this.parties.values()) this.send(party, chunk);
  }

  private holdOutput(chunk: Buffer): void {
    if (this.done) return;
    const gate = this.gate!;
    gate.chunks.push(chunk);
    gate.bytes += chunk.length;
    // Credit keeps a well-behaved channel within one window; one that ignores it is ended rather than buffered.
    if (gate.bytes > maxJoinerBacklogBytes) this.terminate('the session produced too much output while waiting for its moderators');
  }

  get id(): string {
    return this.o.session.id;
  }

  get session(): TrackedSession {
    return this.o.session;
  }

  get ownerRoles(): string[] {
    return this.o.owner.roles;
  }

  /** Joins a browser to the session in `mode`: it gets the current screen, then the output from that point on. */
  async join(socket: PartySocket, user: string, mode: ParticipantMode, remoteAddr: string, held: () => Incoming[], roles: string[] = []): Promise<void> {
    const { session, tracker } = this.o;
    const recorder = await this.recorder;
    if (this.done) return refuse(socket, `session ${session.id} has ended`);
    // From here on the party gets every chunk, held until it has the screen they follow.
    const party: Party = { id: randomUUID(), user, mode, roles, socket, held: { chunks: [], bytes: 0 } };
    this.parties.set(party.id, party);
    const current = recorder?.currentScreen() ?? this.screen?.current();
    const { screen, cols, rows } = (await current) ?? { screen: '', cols: this.size.w, rows: this.size.h };
    if (socket.readyState !== socket.OPEN || this.done) {
      this.parties.delete(party.id);
      return;
    }
    tracker.join(session.id, { id: party.id, user, remoteAddr });
    sendControl(socket, { type: 'session', session: sessionJson(session) });
    if (cols !== this.size.w || rows !== this.size.h) this.resize(cols, rows);
    if (screen) socket.send(Buffer.from(screen), { binary: true });
    const early = party.held?.chunks ?? [];
    party.held = undefined;
    for (const chunk of early) this.send(party, chunk);
    this.participants.add(user);
    const event = await recordEvent(this.o.store, 'SESSION_JOIN', { ...this.o.auditFields, user, participant_mode: mode, 'addr.remote': remoteAddr });
    this.broadcast(notice(`${user} joined the session as ${mode}`), { type: 'audit', event });
    this.listen(party, held());
    // A moderator who joins after the owner asked still gets to decide.
    for (const request of this.approvals.pending()) sendControl(socket, this.requestMessage(request));
    this.review();
  }

  /** The one receive loop: what each party may do follows from its mode. */
  private listen(party: Party, held: Incoming[]): void {
    const { channel, tracker, session } = this.o;
    const receive = (data: Buffer, isBinary: boolean) => {
      const frame = receiveFrame(party.socket, data, isBinary);
      if (!frame) return;
      if (frame.kind === 'data') {
        // Observers watch; what they type never reaches the channel, nor does anyone's while moderators are awaited.
        if (party.mode === 'observer' || this.gate) return;
        const data = Buffer.from(frame.data);
        channel.write(data);
        void this.recorder?.then((r) => r?.input(data));
        tracker.touch(session.id, party.id);
        return;
      }
      const message = frame.message;
      if (message.type === 'ack' && party.mode === 'owner') {
        const credit = Math.min(message.bytes, this.outstanding);
        this.outstanding -= credit;
        if (credit > 0) this.credited.ack(credit);
      } else if (message.type === 'resize' && party.mode === 'owner' && this.o.interactive) {
        channel.resize(message.w, message.h);
        this.resize(message.w, message.h);
        void recordEvent(this.o.store, 'TERMINAL_RESIZE', { user: party.user, sid: session.id, size: `${message.w}:${message.h}` }).catch(() => undefined);
      } else if (message.type === 'close' && party.mode === 'moderator' && this.moderated) {
        this.terminate(`the session was ended by moderator ${party.user}`);
      } else if (message.type === 'close' && (party.mode === 'owner' || party.mode === 'moderator')) {
        channel.close();
      } else if (message.type === 'file-transfer-request') {
        this.requestTransfer(party, message);
      } else if (message.type === 'file-transfer-decision') {
        this.decideTransfer(party, message.requestId, message.approved);
      } else if (message.type === 'close') {
        party.socket.close(1000, 'left the session');
      }
    };
    for (const [data, isBinary] of held) receive(data, isBinary);
    party.socket.on('message', receive);
    party.socket.on('close', () => {
      if (party.mode === 'owner') {
        if (!this.done) channel.close();
      } else void this.leave(party);
    });
  }

  private send(party: Party, chunk: Buffer): void {
    const { socket } = party;
    if (party.mode === 'owner') {
      this.outstanding += chunk.length;
      if (socket.readyState === socket.OPEN) socket.send(chunk, { binary: true });
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount + (party.held?.bytes ?? 0) > maxJoinerBacklogBytes) {
      sendControl(socket, { type: 'error', message: 'your connection fell too far behind the session' });
      socket.close(1011, 'too slow');
      return;
    }
    if (!party.held) socket.send(chunk, { binary: true });
    else {
      party.held.chunks.push(chunk);
      party.held.bytes += chunk.length;
    }
  }

  private broadcast(text: Buffer, control: ControlMessage): void {
    this.deliverGathered();
    for (const party of this.parties.values()) {
      if (party.socket.readyState !== party.socket.OPEN) continue;
      party.socket.send(text, { binary: true });
      sendControl(party.socket, control);
    }
  }

  private async leave(party: Party): Promise<void> {
    if (!this.parties.delete(party.id)) return;
    this.o.tracker.leave(this.id, party.id);
    if (this.done) return;
    const event = await recordEvent(this.o.store, 'SESSION_LEAVE', { ...this.o.auditFields, user: party.user });
    this.broadcast(notice(`${party.user} left the session`), { type: 'audit', event });
    this.review(party);
  }

  /** The policies the joined parties (those past their first screen) do not meet. */
  private unmet(): UnmetPolicy[] {
    const joined = [...this.parties.values()].flatMap((p) => (p.mode === 'owner' || p.held ? [] : [{ user: { name: p.user, roles: p.roles }, mode: p.mode }]));
    return unmetPolicies(this.policies, joined);
  }

  /**
   * After a join or a leave: a waiting session starts (or resumes) once every policy is met; a running one whose
   * policy a leaving moderator breaks pauses or ends, as that policy's on_leave says.
   */
  private review(left?: Party): void {
    if (!this.moderated || this.done) return;
    const unmet = this.unmet();
    if (!unmet.length) {
      if (this.gate) this.open();
      return;
    }
    if (this.gate) {
      if (!left) this.tell(waitingText(unmet));
      return;
    }
    const ending = unmet.find((u) => u.policy.onLeave === 'terminate');
    const who = left ? `moderator ${left.user} left` : 'a moderator left';
    if (ending) return this.terminate(`the session was ended because ${who}: policy ${ending.policy.name}`);
    this.deliverGathered();
    this.gate = { chunks: [], bytes: 0 };
    this.tell(`the session is paused: ${waitingText(unmet)}`);
  }

  /** The policies are met: what was held is delivered in order and input flows again. */
  private open(): void {
    const held = this.gate?.chunks ?? [];
    this.gate = undefined;
    this.tell(this.started ? 'the session has resumed' : 'the session has started');
    this.started = true;
    for (const chunk of held) this.deliver(chunk);
  }

  /** A short notice in every party's terminal. */
  private tell(text: string): void {
    this.deliverGathered();
    for (const party of this.parties.values()) {
      if (party.socket.readyState === party.socket.OPEN && !party.held) party.socket.send(notice(text), { binary: true });
    }
  }

  private requestTransfer(party: Party, spec: TransferSpec): void {
    if (party.mode !== 'owner') return sendControl(party.socket, { type: 'error', message: "only the session's owner can request a file transfer" });
    if (!this.moderated) return sendControl(party.socket, { type: 'error', message: 'this session is not moderated: file transfers need no approval' });
    const message = this.requestMessage(this.approvals.request(party.user, spec));
    for (const p of this.parties.values()) sendControl(p.socket, message);
  }

  private requestMessage({ id, requester, download, location, filename }: TransferRequest): ControlMessage {
    return { type: 'file-transfer-request', requestId: id, requester, download, location, ...(filename ? { filename } : {}) };
  }

  private decideTransfer(party: Party, requestId: string, approved: boolean): void {
    if (party.mode !== 'moderator') return sendControl(party.socket, { type: 'error', message: 'only a moderator can approve or deny a file transfer' });
    const decided = this.approvals.decide(requestId, approved);
    if ('error' in decided) return sendControl(party.socket, { type: 'error', message: decided.error });
    for (const p of this.parties.values()) sendControl(p.socket, { type: 'file-transfer-decision', requestId, approved, moderator: party.user });
  }

  private resize(w: number, h: number): void {
    const { session, tracker } = this.o;
    tracker.resize(session.id, w, h);
    if (this.size.w === w && this.size.h === h) return;
    this.size = { w, h };
    void this.recorder?.then((r) => r?.resize(w, h));
    this.screen?.resize(w, h);
    for (const party of this.parties.values()) {
      if (party.mode !== 'owner') sendControl(party.socket, { type: 'session', session: sessionJson(session) });
    }
  }

  private startRecording(recordings: RecordingStore): Promise<RecordingWriter | undefined> {
    const s = this.o.session;
    return recordings
      .create(
        { sid: s.id, cols: s.terminal.w, rows: s.terminal.h, login: s.login, serverId: s.resource.id, serverHostname: s.resource.name, clusterName: s.clusterName, user: s.owner, interactive: true },
        s.kind === 'k8s' ? 'k8s' : 'ssh',
      )
      .catch((err: Error) => {
        process.emitWarning(`session ${s.id} is not being recorded: ${err.message}`);
        return undefined;
      });
  }

  /**
   * Ends the session from outside (a lock now covers it): every party reads `message` in the terminal, then the
   * channel closes and the session ends as a shell that exited would, with `message` as the reason.
   */
  terminate(message: string): void {
    // Once terminated, the session is only waiting for its turn to end: a lock seen again changes nothing.
    if (this.done || this.terminatedBecause !== undefined) return;
    this.deliverGathered();
    this.terminatedBecause = message;
    for (const party of this.parties.values()) sendControl(party.socket, { type: 'error', message });
    this.o.channel.close();
    // A channel that does not report its exit promptly must not keep a locked session alive.
    this.o.endings.run(() => this.finish({ code: null, error: message }), `could not end session ${this.id}`);
  }

  /** Removes one user's joined parties (a lock now covers them), telling them why; the session goes on. */
  removeUser(user: string, message: string): void {
    for (const party of [...this.parties.values()]) {
      if (party.user !== user || party.mode === 'owner') continue;
      sendControl(party.socket, { type: 'error', message });
      sendControl(party.socket, { type: 'close', reason: message });
      party.socket.close(1000, 'locked');
      void this.leave(party);
    }
  }

  private finish(exit: ChannelExit): void {
    if (this.done) return;
    this.deliverGathered();
    // Read before the parties are let go: a moderated session that never started says which policy was not met.
    const neverStarted = this.moderated && !this.started ? waitingText(this.unmet()) : undefined;
    this.done = true;
    const ended = this.o.tracker.end(this.id);
    for (const party of this.parties.values()) {
      if (this.terminatedBecause) {
        sendControl(party.socket, { type: 'close', reason: this.terminatedBecause });
      } else if (party.mode === 'owner') {
        if (exit.error) sendControl(party.socket, { type: 'error', message: exit.error });
        sendControl(party.socket, { type: 'close', reason: exit.error ? 'session failed' : 'shell exited', ...(exit.code !== null ? { exitCode: exit.code } : {}) });
      } else {
        sendControl(party.socket, { type: 'close', reason: 'the session ended' });
      }
      party.socket.close(1000, 'session ended');
    }
    this.parties.clear();
    this.resolveEnded({ exit, stopped: ended?.ended ?? this.o.now(), participants: [...this.participants] });
    if (neverStarted) {
      void recordEvent(this.o.store, 'SESSION_MODERATED_DENIED', { ...this.o.auditFields, user: this.o.session.owner, reason: neverStarted }).catch((err: Error) =>
        process.emitWarning(`could not audit moderated session ${this.id}: ${err.message}`),
      );
    }
    void this.screen?.close();
    // The session itself ended normally; a recording that could not be finished is reported, not thrown.
    void this.recorder?.then((r) => r?.close()).catch((err: Error) => process.emitWarning(`recording of session ${this.id} is incomplete: ${err.message}`));
  }

}
