/** What the gateway's playback endpoints answer (packages/gateway/src/recordings/routes.ts). */
export interface RecordingSummary {
  sid: string;
  startTime: string;
  durationMs: number;
  bytes: number;
  cols: number;
  rows: number;
  complete: boolean;
}

export type RecordingEvent =
  | { kind: 'output'; t: number; offset: number; length: number }
  | { kind: 'resize'; t: number; offset: number; cols: number; rows: number }
  | { kind: 'end'; t: number; offset: number };

export interface SeekPoint {
  at: number;
  cols: number;
  rows: number;
  screen: string;
  offset: number;
  endOffset: number;
  resizes: { offset: number; cols: number; rows: number }[];
}

/** The recording as the player reads it: a few small requests at a time, never the whole file. */
export interface RecordingSource {
  summary(): Promise<RecordingSummary>;
  /** Events from `fromMs` (first page) or from a previous page's startKey; startKey '' means no more. */
  events(page: { fromMs: number } | { startKey: string }): Promise<{ events: RecordingEvent[]; startKey: string }>;
  seek(atMs: number): Promise<SeekPoint>;
  bytes(offset: number, length: number): Promise<Uint8Array>;
}
