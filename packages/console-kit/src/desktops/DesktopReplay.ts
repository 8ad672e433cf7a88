import type { PlayerState } from '../player/PlayerEngine';
import { tickMs } from '../player/PlayerEngine';
import type { RecordedChunk } from './desktopPlayback';
import { ReplayChannel, rfbOpening } from './replayChannel';
import type { RfbClient } from './rfb';

/**
 * Plays a desktop recording into noVNC as its chunks stream in: each chunk is handed over at its time (scaled by
 * the speed). RFB updates only make sense on top of what came before, so a seek starts a fresh RFB client, replays
 * every chunk up to the target at once, and plays in real time from there.
 */
export class DesktopReplay {
  private state: PlayerState = { status: 'loading', position: 0, duration: 0, speed: 1 };
  private readonly chunks: RecordedChunk[] = [];
  private complete = false;
  private screen?: { channel: ReplayChannel; rfb: RfbClient };
  /** Index of the next chunk to hand over. */
  private next = 0;
  private timer?: ReturnType<typeof setTimeout>;
  /** The playhead at `anchorWall` (wall-clock ms); position = anchor + (now - anchorWall) * speed. */
  private anchor = 0;
  private anchorWall = 0;
  private wantPlaying = true;

  constructor(
    /** Makes the RFB client that draws the replay, reading from `channel`. */
    private readonly openScreen: (channel: ReplayChannel) => RfbClient,
    private readonly onChange: (state: PlayerState) => void = () => undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get current(): PlayerState {
    return this.state;
  }

  /** The recording's header arrived: its length is known, and playing starts from the beginning. */
  start(durationMs: number): void {
    this.update({ duration: durationMs });
    this.seek(0);
  }

  addChunk(chunk: RecordedChunk): void {
    this.chunks.push(chunk);
    if (chunk.t > this.state.duration) this.update({ duration: chunk.t });
    if (this.state.status === 'playing') this.schedule();
  }

  /** Every chunk has arrived. */
  finish(): void {
    this.complete = true;
    if (this.state.status === 'playing') this.schedule();
  }

  fail(error: string): void {
    clearTimeout(this.timer);
    this.update({ status: 'error', error, position: this.position() });
  }

  play(): void {
    this.wantPlaying = true;
    if (this.state.status === 'ended') return this.seek(0);
    if (this.state.status !== 'paused') return;
    this.anchorAt(this.state.position);
    this.update({ status: 'playing' });
    this.schedule();
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
    if (this.state.status === 'playing') this.schedule();
  }

  /** Moves the playhead to `ms` (clamped to the recording), redrawing the screen as it was then. */
  seek(ms: number): void {
    if (this.state.status === 'error') return;
    const target = Math.max(0, Math.min(ms, this.state.duration));
    clearTimeout(this.timer);
    this.screen?.rfb.disconnect();
    const channel = new ReplayChannel();
    this.screen = { channel, rfb: this.openScreen(channel) };
    channel.deliver(rfbOpening);
    this.next = 0;
    this.deliverUpTo(target);
    this.anchorAt(target);
    this.update({ status: this.wantPlaying ? 'playing' : 'paused', position: target });
    if (this.wantPlaying) this.schedule();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.screen?.rfb.disconnect();
    this.screen = undefined;
  }

  private deliverUpTo(position: number): void {
    while (this.next < this.chunks.length && this.chunks[this.next]!.t <= position)
      this.screen!.channel.deliver(this.chunks[this.next++]!.data);
  }

  private tick = (): void => {
    const position = this.position();
    this.deliverUpTo(position);
    if (this.complete && this.next >= this.chunks.length && position >= this.state.duration) {
      this.update({ status: 'ended', position: this.state.duration });
      return;
    }
    this.update({ position });
    this.schedule();
  };

  /** Wakes at the next chunk's time, or sooner to move the clock on. */
  private schedule(): void {
    clearTimeout(this.timer);
    const position = this.position();
    const nextChunk = this.chunks[this.next];
    const untilNext = nextChunk ? (nextChunk.t - position) / this.state.speed : tickMs;
    const untilEnd = (this.state.duration - position) / this.state.speed;
    this.timer = setTimeout(
      this.tick,
      Math.max(0, Math.min(tickMs, untilNext, this.complete ? untilEnd : tickMs)),
    );
  }

  private position(): number {
    if (this.state.status !== 'playing') return this.state.position;
    return Math.min(this.state.duration, this.anchor + (this.now() - this.anchorWall) * this.state.speed);
  }

  private anchorAt(position: number): void {
    this.anchor = position;
    this.anchorWall = this.now();
  }

  private update(change: Partial<PlayerState>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }
}
