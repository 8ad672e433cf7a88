/**
 * The wire shapes of SSH playback, shared by the gateway's endpoints and the console's player: a summary,
 * pages of timed events, and seek points (a screen to restore, then output to replay up to the time).
 */
export interface RecordingSummary {
  sid: string;
  startTime: string;
  durationMs: number;
  /** Output bytes that are playable (durable and indexed). */
  bytes: number;
  cols: number;
  rows: number;
  /** False when the session is still running or the gateway stopped before it ended. */
  complete: boolean;
}

export type RecordingEvent =
  | { kind: 'output'; t: number; offset: number; length: number }
  | { kind: 'resize'; t: number; offset: number; cols: number; rows: number }
  | { kind: 'end'; t: number; offset: number };

/** Where playback can start for a given time. */
export interface SeekPoint {
  at: number;
  cols: number;
  rows: number;
  screen: string;
  /** Replay output from `offset` to `endOffset`, applying `resizes` at their offsets. */
  offset: number;
  endOffset: number;
  resizes: { offset: number; cols: number; rows: number }[];
}
