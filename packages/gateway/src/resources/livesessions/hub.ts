import { randomUUID } from 'node:crypto';
import type { ParticipantMode, TerminalParams } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import type { Identity } from '../../platform/access/identity';
import { recordEvent } from '../../management/audit/record';
import { closeInterruptedRecordings } from '../recordings/recover';
import type { RecordingStore } from '../recordings/store';
import { keyframeThread, type ScreenMirror } from '../recordings/screenMirrors';
import { defaultWriterOptions, type RecordingWriter } from '../recordings/writer';
import type { Gateway } from '../../platform/server/context';
import { receiveFrame, sendControl } from '../terminal/bridge';
import type { ShellChannel } from '../terminal/channel';
import type { SessionTracker, TrackedSession } from '../terminal/tracker';
import { withCreditGate } from './creditGate';
import { joinModes, recordingEnabled } from './policy';
import { sessionJson as presentSession } from './presenter';

/** A joined party further behind than this is dropped rather than letting the gateway buffer without bound. */
export const maxJoinerBacklogBytes = 8 * 1024 * 1024;

type Held = [data: Buffer, isBinary: boolean][];

interface Party {
  id: string;
  user: string;
  mode: ParticipantMode | 'owner';
  socket: WebSocket;
  /** Output that came while the party's first screen was being made; sent right after it. */
  held?: { chunks: Buffer[]; bytes: number };
}

interface Live {
  session: TrackedSession;
  ownerRoles: string[];
  channel: ShellChannel;
  recorded: boolean;
  /** Resolves once the recording files exist; output is chained on it so it stays in order. */
  recorder?: Promise<RecordingWriter | undefined>;
  /** The screen for joiners when the session is not recorded (the recording keeps it otherwise). */
  screen?: ScreenMirror;
  size: { w: number; h: number };
  parties: Map<string, Party>;
  participants: Set<string>;
}

export interface EndFields {
  participants: string[];
  session_recording: 'on' | 'off';
}

const notice = (text: string) => Buffer.from(`\r\n\x1b[2m[${text}]\x1b[0m\r\n`);

/**
 * Live SSH sessions beyond their owner: the recording, the parties who joined (observer, peer, moderator,
 * as join_sessions allows), and the notices and audit events of joining and leaving. The terminal route
 * calls attach() when a shell opens and join() when a browser asks for an existing session.
 */
export class LiveSessions {
  private readonly live = new Map<string, Live>();
  private readonly ended = new Map<string, EndFields>();

  constructor(
    private readonly gw: Gateway,
    private readonly tracker: SessionTracker,
    private readonly recordings: RecordingStore,
  ) {
    tracker.on('update', (s) => this.resized(s));
    void closeInterruptedRecordings(recordings, gw.store, (sid) => this.live.has(sid)).catch((err: Error) =>
      process.emitWarning(`could not close the recordings a stopped gateway left open: ${err.message}`),
    );
  }

  /**
   * Starts recording (unless the owner's roles turn it off) and lets others join this session. Synchronous, so
   * it listens to the shell before anything is awaited: output that arrives while the recording files are
   * being created waits in memory for them. Answers the channel the owner's terminal should use: the same
   * shell, with output credited back only while the session's screen keeps up (see maxMirrorBacklogBytes).
   */
  attach(session: TrackedSession, owner: Identity, channel: ShellChannel, socket: WebSocket, partyId: string): ShellChannel {
    const recorded = recordingEnabled(owner.roles);
    const live: Live = {
      session,
      ownerRoles: owner.user.roles,
      channel,
      recorded,
      screen: recorded ? undefined : keyframeThread.open(session.terminal.w, session.terminal.h, { ...defaultWriterOptions.keyframes, intervalMs: Infinity, bytes: Infinity }, () => undefined),
      size: { ...session.terminal },
      parties: new Map([[partyId, { id: partyId, user: session.owner, mode: 'owner', socket }]]),
      participants: new Set([session.owner]),
    };
    this.live.set(session.id, live);
    if (recorded) live.recorder = this.startRecording(live);
    channel.onData((chunk) => {
      if (live.recorder) void live.recorder.then((r) => r?.output(chunk));
      else live.screen?.feed(chunk, this.gw.now() - session.created);
      for (const party of live.parties.values()) if (party.mode !== 'owner') this.send(party, chunk);
    });
    // Registered before the terminal route's own exit handling, which reads takeEndFields() right after.
    channel.onExit(() => void this.finish(live));
    return live.screen ? withCreditGate(channel, live.screen) : channel;
  }

  private startRecording(live: Live): Promise<RecordingWriter | undefined> {
    const s = live.session;
    return this.recordings
      .create({ sid: s.id, cols: s.terminal.w, rows: s.terminal.h, login: s.login, serverId: s.serverId, serverHostname: s.serverHostname, clusterName: s.clusterName, user: s.owner, interactive: true })
      .catch((err: Error) => {
        process.emitWarning(`session ${s.id} is not being recorded: ${err.message}`);
        return undefined;
      });
  }

  /** The session-end audit fields only this module knows; read once, by the terminal route. */
  takeEndFields(sid: string): EndFields | undefined {
    const fields = this.ended.get(sid);
    this.ended.delete(sid);
    return fields;
  }

  /** The modes this user is offered for this session (empty: may not join). */
  modesFor(identity: Identity, sid: string): ParticipantMode[] {
    const live = this.live.get(sid);
    return live ? joinModes(identity.roles, live.ownerRoles, 'ssh') : [];
  }

  list(): TrackedSession[] {
    return [...this.live.values()].map((l) => l.session);
  }

  get(sid: string): TrackedSession | undefined {
    return this.live.get(sid)?.session;
  }

  /** Joins the browser to a running session in the requested mode, or refuses with the reason. */
  async join(socket: WebSocket, identity: Identity, params: TerminalParams, remoteAddr: string, release: () => Held | undefined, refuse: (message: string) => void): Promise<void> {
    const sid = params.sid!;
    const live = this.live.get(sid);
    if (!live) return refuse(`session ${sid} was not found or has ended`);
    const allowed = this.modesFor(identity, sid);
    const mode = params.mode ?? allowed[0];
    if (!mode || !allowed.includes(mode)) {
      return refuse(allowed.length ? `your roles allow joining session ${sid} only as ${allowed.join(' or ')}` : `your roles do not allow joining session ${sid}`);
    }
    const user = identity.user.name;
    const recorder = await live.recorder;
    if (!this.live.has(sid)) return refuse(`session ${sid} has ended`);
    // From here on the party gets every chunk, held until it has the screen they follow.
    const party: Party = { id: randomUUID(), user, mode, socket, held: { chunks: [], bytes: 0 } };
    live.parties.set(party.id, party);
    const current = recorder?.currentScreen() ?? live.screen?.current();
    const { screen, cols, rows } = (await current) ?? { screen: '', cols: live.size.w, rows: live.size.h };
    if (socket.readyState !== socket.OPEN || !this.live.has(sid)) {
      live.parties.delete(party.id);
      return;
    }
    this.tracker.join(sid, { id: party.id, user, remoteAddr });
    sendControl(socket, { type: 'session', session: presentSession(live.session) });
    if (cols !== live.size.w || rows !== live.size.h) this.tracker.resize(sid, cols, rows);
    if (screen) socket.send(Buffer.from(screen), { binary: true });
    const held = party.held?.chunks ?? [];
    party.held = undefined;
    for (const chunk of held) this.send(party, chunk);
    live.participants.add(user);
    const event = await recordEvent(this.gw.store, 'SESSION_JOIN', { ...this.auditCommon(live), user, participant_mode: mode, 'addr.remote': remoteAddr });
    this.broadcast(live, notice(`${user} joined the session as ${mode}`), { type: 'audit', event });

    const receive = (data: Buffer, isBinary: boolean) => {
      const frame = receiveFrame(socket, data, isBinary);
      if (!frame) return;
      if (frame.kind === 'data') {
        // Observers watch; what they type never reaches the shell.
        if (mode === 'observer') return;
        live.channel.write(Buffer.from(frame.data));
        this.tracker.touch(sid, party.id);
      } else if (frame.message.type === 'close' && mode === 'moderator') {
        live.channel.close();
      } else if (frame.message.type === 'close') {
        socket.close(1000, 'left the session');
      }
    };
    for (const [data, isBinary] of release() ?? []) receive(data, isBinary);
    socket.on('message', receive);
    socket.on('close', () => void this.leave(live, party));
  }

  private send(party: Party, chunk: Buffer): void {
    const { socket } = party;
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

  private broadcast(live: Live, text: Buffer, control: Parameters<typeof sendControl>[1]): void {
    for (const party of live.parties.values()) {
      if (party.socket.readyState !== party.socket.OPEN) continue;
      party.socket.send(text, { binary: true });
      sendControl(party.socket, control);
    }
  }

  private async leave(live: Live, party: Party): Promise<void> {
    if (!live.parties.delete(party.id)) return;
    this.tracker.leave(live.session.id, party.id);
    if (!this.live.has(live.session.id)) return;
    const event = await recordEvent(this.gw.store, 'SESSION_LEAVE', { ...this.auditCommon(live), user: party.user });
    this.broadcast(live, notice(`${party.user} left the session`), { type: 'audit', event });
  }

  private resized(session: TrackedSession): void {
    const live = this.live.get(session.id);
    if (!live || (live.size.w === session.terminal.w && live.size.h === session.terminal.h)) return;
    live.size = { ...session.terminal };
    void live.recorder?.then((r) => r?.resize(session.terminal.w, session.terminal.h));
    live.screen?.resize(session.terminal.w, session.terminal.h);
    for (const party of live.parties.values()) {
      if (party.mode !== 'owner') sendControl(party.socket, { type: 'session', session: presentSession(session) });
    }
  }

  private async finish(live: Live): Promise<void> {
    const sid = live.session.id;
    this.live.delete(sid);
    this.ended.set(sid, { participants: [...live.participants], session_recording: live.recorded ? 'on' : 'off' });
    for (const party of live.parties.values()) {
      if (party.mode === 'owner') continue;
      sendControl(party.socket, { type: 'close', reason: 'the session ended' });
      party.socket.close(1000, 'session ended');
    }
    live.parties.clear();
    await live.screen?.close();
    // The session itself ended normally; a recording that could not be finished is reported, not thrown.
    await (await live.recorder)?.close().catch((err: Error) => process.emitWarning(`recording of session ${sid} is incomplete: ${err.message}`));
  }

  private auditCommon(live: Live) {
    const s = live.session;
    return { sid: s.id, login: s.login, server_id: s.serverId, server_hostname: s.serverHostname, namespace: 'default' };
  }
}
