import type { KeyframerOptions, ScreenSnapshot } from './keyframer';

/** A durable piece of a recording the keyframe thread reads back from output.bin (or a resize between them). */
export type RecordedStep = { output: { t: number; offset: number; length: number } } | { resize: { cols: number; rows: number } };

/**
 * What the gateway asks of the keyframe thread; `id` names one session's screen. A screen is fed either the
 * output itself (`feed`, for a session that is not recorded) or, with `recording` set at open, the steps of
 * its recording once they are on disk (`steps`). A recorded screen's `current` names the output offset it is
 * wanted at, since the steps up to there may still be on their way.
 */
export type MirrorRequest =
  | { op: 'open'; id: number; cols: number; rows: number; options: KeyframerOptions; recording?: string }
  | { op: 'feed'; id: number; bytes: Uint8Array; t: number }
  | { op: 'steps'; id: number; steps: RecordedStep[] }
  | { op: 'resize'; id: number; cols: number; rows: number }
  | { op: 'current'; id: number; req: number; at?: number }
  | { op: 'close'; id: number; req: number };

export type Screen = Omit<ScreenSnapshot, 'offset'>;

/** What the keyframe thread answers. `parsed` reports bytes of a feed now on the screen. */
export type MirrorReply =
  | { type: 'keyframe'; id: number; snapshot: ScreenSnapshot }
  | { type: 'parsed'; id: number; bytes: number }
  | { type: 'reply'; req: number; screen?: Screen };
