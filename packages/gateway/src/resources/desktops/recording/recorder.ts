/**
 * What a desktop session hands its recording: the bytes the desktop sent (RFB from ServerInit on), with the time
 * they arrived. Replaying them into an RFB client after a synthetic opening (version, no security, OK) redraws
 * the session, so nothing the browser sent needs keeping.
 */
export interface DesktopRecorder {
  /** Appends `chunk`, sent by the desktop `at` (milliseconds since the epoch). Never throws: a failure is reported by close(). */
  write(chunk: Buffer, at: number): void;
  /** Flushes and closes; resolves with whether the whole session was written. */
  close(): Promise<boolean>;
}

export interface DesktopRecordingMeta {
  sid: string;
  desktopName: string;
  user: string;
  /** When the session started (milliseconds since the epoch): chunk times are kept relative to it. */
  startedAt: number;
}

/** Where desktop recordings are kept, one per session id. */
export interface DesktopRecordings {
  start(meta: DesktopRecordingMeta): DesktopRecorder;
}
