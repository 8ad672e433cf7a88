import type { DesktopRecord } from '../repo';

/** A desktop session in progress, as observers joining it and the desktop's `active` answer see it. */
export interface LiveDesktopSession {
  sid: string;
  desktop: DesktopRecord;
  login: string;
  /** The owner's role names, which joiners' join_sessions rules name. */
  ownerRoles: string[];
  recording: boolean;
  /** Calls `listener` with why the session ended (its observers end with it), until the returned function is called. */
  onEnd(listener: (reason: string) => void): () => void;
}

/** The desktop sessions running on this gateway, by session id. */
export class LiveDesktops {
  private readonly sessions = new Map<string, LiveDesktopSession>();

  /** Lists the session until the returned function is called. */
  add(session: LiveDesktopSession): () => void {
    this.sessions.set(session.sid, session);
    return () => void this.sessions.delete(session.sid);
  }

  get(sid: string): LiveDesktopSession | undefined {
    return this.sessions.get(sid);
  }

  /** Whether someone is in a session on the desktop now. */
  activeOn(desktopId: string): boolean {
    return [...this.sessions.values()].some((s) => s.desktop.id === desktopId);
  }
}
