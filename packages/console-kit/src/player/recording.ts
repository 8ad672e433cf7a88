import type { RecordingEvent, RecordingSummary, SeekPoint } from '@portcullis/shared';

/** The recording as the player reads it: a few small requests at a time, never the whole file. */
export interface RecordingSource {
  summary(): Promise<RecordingSummary>;
  /** Events from `fromMs` (first page) or from a previous page's startKey; startKey '' means no more. */
  events(
    page: { fromMs: number } | { startKey: string },
  ): Promise<{ events: RecordingEvent[]; startKey: string }>;
  seek(atMs: number): Promise<SeekPoint>;
  bytes(offset: number, length: number): Promise<Uint8Array>;
}
