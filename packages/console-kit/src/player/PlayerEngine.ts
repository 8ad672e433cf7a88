import type { RecordingEvent } from '@portcullis/shared';
import type { RecordingSource } from './recording';

/** The part of xterm the player drives (a fake stands in for it in tests). */
export interface PlayerScreen {
  reset(): void;
  resize(cols: number, rows: number): void;
  write(data: Uint8Array | string): void;
}

export type PlayerStatus = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  status: PlayerStatus;
  /** Milliseconds into the recording. */
  position: number;
  duration: number;
  speed: number;
  error?: string;
}

export const speeds = [0.5, 1, 2, 4, 8] as const;

/** Output fetched ahead of the playhead is kept under this, so memory does not grow with the recording. */
export const maxBufferedBytes = 1024 * 1024;
/** The clock shown while playing is refreshed at least this often. */
export const tickMs = 250;
/** Bytes written per step when replaying up to a seek target. */
const replayChunkBytes = 256 * 1024;

type Step =
  { t: number; data: Uint8Array } | { t: number; cols: number; rows: number } | { t: number; end: true };

/**
 * Plays an SSH recording into a terminal as it streams: pages of timed events and the output bytes they cover
 * are fetched a little ahead of the playhead (at most maxBufferedBytes), written at their times scaled by the
 * speed, and dropped once written. Seeking restores the nearest keyframe the gateway offers and replays only
 * the output after it, so it costs the same in the middle of an hour-long recording as near its start.
 */
export class PlayerEngine {
  private state: PlayerState = { status: 'loading', position: 0, duration: 0, speed: 1 };
  private queue: Step[] = [];
  private bufferedBytes = 0;
  private startKey: string | null = null;
  private fetching = false;
  /** Bumped by every seek and by dispose: answers for an older generation are dropped. */
  private generation = 0;
  private timer?: ReturnType<typeof setTimeout>;
  /** The playhead at `anchorWall` (wall-clock ms); position = anchor + (now - anchorWall) * speed. */
  private anchor = 0;
  private anchorWall = 0;
  private wantPlaying = true;

  constructor(
    private readonly source: RecordingSource,
    private readonly screen: PlayerScreen,
    private readonly onChange: (state: PlayerState) => void = () => undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get current(): PlayerState {
    return this.state;
  }

  /** Reads the recording's length and starts playing from `fromMs` (the beginning by default). */
  async load(durationHint?: number, fromMs = 0): Promise<void> {
    if (durationHint) this.update({ duration: durationHint });
    try {
      const summary = await this.source.summary();
      this.update({ duration: summary.durationMs });
    } catch (err) {
      return this.fail(err);
    }
    await this.seek(fromMs);
  }

  play(): void {
    this.wantPlaying = true;
    if (this.state.status === 'ended') {
      void this.seek(0);
      return;
    }
    if (this.state.status !== 'paused') return;
    this.anchorAt(this.state.position);
    this.update({ status: 'playing' });
    this.schedule(0);
  }

  pause(): void {
    this.wantPlaying = false;
    if (this.state.status !== 'playing') return;
    clearTimeout(this.timer);
    this.update({ status: 'paused', position: this.position() });
  }

  toggle(): void {
    if (this.state.status === 'playing') this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    this.anchorAt(this.position());
    this.update({ speed });
    if (this.state.status === 'playing') this.schedule(0);
  }

  /** Moves the playhead to `ms` (clamped to the recording) and keeps playing or paused as before. */
  async seek(ms: number): Promise<void> {
    const target = Math.max(0, Math.min(ms, this.state.duration || ms));
    const generation = ++this.generation;
    clearTimeout(this.timer);
    this.queue = [];
    this.bufferedBytes = 0;
    this.update({ status: 'loading', position: target });
    try {
      const point = await this.source.seek(target);
      if (generation !== this.generation) return;
      this.screen.reset();
      this.screen.resize(point.cols, point.rows);
      if (point.screen) this.screen.write(point.screen);
      let at = point.offset;
      for (const stop of [...point.resizes, { offset: point.endOffset, cols: 0, rows: 0 }]) {
        while (at < stop.offset) {
          const data = await this.source.bytes(at, Math.min(replayChunkBytes, stop.offset - at));
          if (generation !== this.generation) return;
          if (data.length === 0) break;
          this.screen.write(data);
          at += data.length;
        }
        if (stop.cols) this.screen.resize(stop.cols, stop.rows);
      }
      const first = await this.source.events({ fromMs: target + 1 });
      if (generation !== this.generation) return;
      await this.enqueue(first.events, generation);
      if (generation !== this.generation) return;
      this.startKey = first.startKey;
    } catch (err) {
      if (generation === this.generation) this.fail(err);
      return;
    }
    this.anchorAt(target);
    this.update({ status: this.wantPlaying ? 'playing' : 'paused', position: target });
    if (this.wantPlaying) this.schedule(0);
    void this.fill(generation);
  }

  dispose(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.queue = [];
  }

  private position(): number {
    if (this.state.status !== 'playing') return this.state.position;
    return Math.min(this.state.duration, this.anchor + (this.now() - this.anchorWall) * this.state.speed);
  }

  private anchorAt(position: number): void {
    this.anchor = position;
    this.anchorWall = this.now();
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delay);
  }

  private tick(): void {
    if (this.state.status !== 'playing') return;
    let position = this.position();
    while (this.queue.length && this.queue[0]!.t <= position) this.apply(this.queue.shift()!);
    const next = this.queue[0];
    const exhausted = this.startKey === '';
    if (!next && exhausted) {
      this.update({ status: 'ended', position: this.state.duration });
      return;
    }
    if (!next) {
      // Waiting for the network: the playhead holds where the output ran out.
      this.anchorAt(position);
      position = this.anchor;
    }
    void this.fill(this.generation);
    this.update({ position });
    const untilNext = next ? (next.t - position) / this.state.speed : tickMs;
    this.schedule(Math.max(0, Math.min(tickMs, untilNext)));
  }

  private apply(step: Step): void {
    if ('data' in step) {
      this.screen.write(step.data);
      this.bufferedBytes -= step.data.length;
    } else if ('cols' in step) {
      this.screen.resize(step.cols, step.rows);
    }
  }

  /** Fetches pages until maxBufferedBytes are waiting or the recording has no more. */
  private async fill(generation: number): Promise<void> {
    if (this.fetching) return;
    this.fetching = true;
    try {
      while (generation === this.generation && this.startKey && this.bufferedBytes < maxBufferedBytes) {
        const page = await this.source.events({ startKey: this.startKey });
        if (generation !== this.generation) return;
        await this.enqueue(page.events, generation);
        if (generation !== this.generation) return;
        this.startKey = page.startKey;
      }
    } catch (err) {
      if (generation === this.generation) this.fail(err);
    } finally {
      this.fetching = false;
    }
  }

  /** Turns a page of events into steps, fetching the output they cover in one request. */
  private async enqueue(events: RecordingEvent[], generation: number): Promise<void> {
    const outputs = events.filter((e) => e.kind === 'output');
    const from = outputs[0]?.offset ?? 0;
    const last = outputs[outputs.length - 1];
    const to = last && last.kind === 'output' ? last.offset + last.length : from;
    const bytes = to > from ? await this.source.bytes(from, to - from) : new Uint8Array();
    if (generation !== this.generation) return;
    for (const e of events) {
      if (e.kind === 'output') {
        const data = bytes.subarray(e.offset - from, e.offset - from + e.length);
        this.queue.push({ t: e.t, data });
        this.bufferedBytes += data.length;
      } else if (e.kind === 'resize') {
        this.queue.push({ t: e.t, cols: e.cols, rows: e.rows });
      } else {
        this.queue.push({ t: e.t, end: true });
      }
    }
  }

  private fail(err: unknown): void {
    clearTimeout(this.timer);
    this.update({ status: 'error', error: err instanceof Error ? err.message : String(err) });
  }

  private update(patch: Partial<PlayerState>): void {
    this.state = { ...this.state, ...patch };
    this.onChange(this.state);
  }
}
