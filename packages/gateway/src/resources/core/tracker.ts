import { EventEmitter } from 'node:events';
import type { SessionKind } from '@portcullis/shared';

export interface SessionParty {
  id: string;
  user: string;
  remoteAddr: string;
  joinedAt: number;
  lastActive: number;
}

export interface TrackedSession {
  id: string;
  kind: SessionKind;
  login: string;
  /** The resource the session runs on. */
  resource: { kind: string; id: string; name: string; addr: string };
  clusterName: string;
  /** Who opened the session. */
  owner: string;
  created: number;
  lastActive: number;
  terminal: { w: number; h: number };
  parties: SessionParty[];
  /** The owner's roles require moderators to join (require_session_join). */
  moderated?: boolean;
  /** Set when the session has ended. */
  ended?: number;
}

export interface SessionTrackerEvents {
  start: [TrackedSession];
  update: [TrackedSession];
  end: [TrackedSession];
}

/**
 * The live resource sessions of this gateway: who is in them, on which resource and login, the terminal size
 * and times. Listing, joining and recording build on this; it keeps only sessions in progress.
 */
export class SessionTracker extends EventEmitter<SessionTrackerEvents> {
  private readonly sessions = new Map<string, TrackedSession>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  start(session: Omit<TrackedSession, 'created' | 'lastActive' | 'parties'>, party: Omit<SessionParty, 'joinedAt' | 'lastActive'>): TrackedSession {
    const now = this.now();
    const tracked: TrackedSession = { ...session, created: now, lastActive: now, parties: [{ ...party, joinedAt: now, lastActive: now }] };
    this.sessions.set(tracked.id, tracked);
    this.emit('start', tracked);
    return tracked;
  }

  get(id: string): TrackedSession | undefined {
    return this.sessions.get(id);
  }

  list(): TrackedSession[] {
    return [...this.sessions.values()];
  }

  /** A party typed or the output moved: keeps last_active current without an event per keystroke. */
  touch(id: string, partyId?: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    s.lastActive = this.now();
    const party = partyId && s.parties.find((p) => p.id === partyId);
    if (party) party.lastActive = s.lastActive;
  }

  resize(id: string, w: number, h: number): void {
    const s = this.sessions.get(id);
    if (!s) return;
    s.terminal = { w, h };
    this.emit('update', s);
  }

  /** Someone joined the session (the join policy decides who may). */
  join(id: string, party: Omit<SessionParty, 'joinedAt' | 'lastActive'>): void {
    const s = this.sessions.get(id);
    if (!s) return;
    const now = this.now();
    s.parties.push({ ...party, joinedAt: now, lastActive: now });
    this.emit('update', s);
  }

  leave(id: string, partyId: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    s.parties = s.parties.filter((p) => p.id !== partyId);
    this.emit('update', s);
  }

  end(id: string): TrackedSession | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    this.sessions.delete(id);
    s.ended = this.now();
    this.emit('end', s);
    return s;
  }
}
