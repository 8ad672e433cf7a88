import { randomUUID } from 'node:crypto';
import type { ControlMessage, ParticipantMode } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import { recordEvent } from '../../management/audit/record';
import type { Store } from '../../platform/storage/store';
import { keyframeThread, type ScreenMirror } from '../recordings/screenMirrors';
import type { RecordingStore } from '../recordings/store';
import { defaultWriterOptions, type RecordingWriter } from '../recordings/writer';
import type { Channel, ChannelExit } from './channel';
import { withCreditGate } from './creditGate';
import { sessionJson } from './sessionJson';
import { receiveFrame, refuse, sendControl, type Incoming } from './socket';
import type { SessionTracker, TrackedSession } from './tracker';

/** A joined party further behind than this is dropped rather than letting the gateway buffer without bound. */
export const maxJoinerBacklogBytes = 8 * 1024 * 1024;

interface Party {
  id: string;
  user: string;
  mode: ParticipantMode | 'owner';
  socket: WebSocket;
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
  owner: { partyId: string; socket: WebSocket; held: Incoming[]; roles: string[] };
  /** Interactive sessions have a terminal: they are resized, joined and (unless `recordings` is absent) recorded. */
  interactive: boolean;
  /** Where the session is recorded; absent when the owner's roles turn recording off. */
  recordings?: RecordingStore;
  /** The fields naming the session in its events: sid, login, the resource's fields, namespace. */
  auditFields: Record<string, unknown>;
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

  constructor(private readonly o: LiveSessionOptions) {
    const { session, channel, owner } = o;
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.size = { ...session.terminal };
    this.participants.add(session.owner);
    if (o.interactive && o.recordings) this.recorder = this.startRecording(o.recordings);
    else if (o.interactive) this.screen = keyframeThread.open(this.size.w, this.size.h, { ...defaultWriterOptions.keyframes, intervalMs: Infinity, bytes: Infinity }, () => undefined);
    this.credited = this.screen ? withCreditGate(channel, this.screen) : channel;
    // Listening before anything is awaited: output that arrives while the recording files are being
    // created waits in memory for them, chained so it stays in order.
    channel.onData((chunk) => {
      if (this.recorder) void this.recorder.then((r) => r?.output(chunk));
      else this.screen?.feed(chunk, o.now() - session.created);
      for (const party of this.parties.values()) this.send(party, chunk);
    });
    channel.onExit((exit) => this.finish(exit));
    const party: Party = { id: owner.partyId, user: session.owner, mode: 'owner', socket: owner.socket };
    this.parties.set(party.id, party);
    this.listen(party, owner.held);
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
  async join(socket: WebSocket, user: string, mode: ParticipantMode, remoteAddr: string, held: () => Incoming[]): Promise<void> {
    const { session, tracker } = this.o;
    const recorder = await this.recorder;
    if (this.done) return refuse(socket, `session ${session.id} has ended`);
    // From here on the party gets every chunk, held until it has the screen they follow.
    const party: Party = { id: randomUUID(), user, mode, socket, held: { chunks: [], bytes: 0 } };
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
  }

  /** The one receive loop: what each party may do follows from its mode. */
  private listen(party: Party, held: Incoming[]): void {
    const { channel, tracker, session } = this.o;
    const receive = (data: Buffer, isBinary: boolean) => {
      const frame = receiveFrame(party.socket, data, isBinary);
      if (!frame) return;
      if (frame.kind === 'data') {
        // Observers watch; what they type never reaches the channel.
        if (party.mode === 'observer') return;
        channel.write(Buffer.from(frame.data));
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
      } else if (message.type === 'close' && (party.mode === 'owner' || party.mode === 'moderator')) {
        channel.close();
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
      .create({ sid: s.id, cols: s.terminal.w, rows: s.terminal.h, login: s.login, serverId: s.resource.id, serverHostname: s.resource.name, clusterName: s.clusterName, user: s.owner, interactive: true })
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
    if (this.done) return;
    this.terminatedBecause = message;
    for (const party of this.parties.values()) sendControl(party.socket, { type: 'error', message });
    this.o.channel.close();
    // A channel that does not report its exit promptly must not keep a locked session alive.
    this.finish({ code: null, error: message });
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
    void this.screen?.close();
    // The session itself ended normally; a recording that could not be finished is reported, not thrown.
    void this.recorder?.then((r) => r?.close()).catch((err: Error) => process.emitWarning(`recording of session ${this.id} is incomplete: ${err.message}`));
  }

}
