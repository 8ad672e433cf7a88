import { SerializeAddon, Terminal, type HeadlessTerminal } from './headlessTerminal';

export interface KeyframerOptions {
  /** Take a keyframe once this much session time has passed since the last one (and output happened). */
  intervalMs: number;
  /** ... or once this many output bytes arrived since the last one, whichever comes first. */
  bytes: number;
  /** Output quiet for this long: take a last keyframe and free the terminal. */
  idleMs: number;
  /**
   * A recording's output is parsed once it pauses this long, or once its oldest unparsed part waited
   * maxLagMs (defaults in keyframeWorker.ts).
   */
  quietMs?: number;
  maxLagMs?: number;
}

export interface ScreenSnapshot {
  /** The output.bin offset the screen reflects: every byte before it, none after. */
  offset: number;
  cols: number;
  rows: number;
  screen: string;
}

interface Mirror {
  term: HeadlessTerminal;
  serializer: InstanceType<typeof SerializeAddon>;
}

/**
 * Keeps a session's screen in a headless terminal so the recording can store keyframes: seeking then restores
 * the nearest keyframe and replays at most one keyframe interval of output, however long the recording is.
 *
 * A quiet session costs only its last serialized screen (a few KB): after idleMs the terminal is freed, and the
 * next output rebuilds it from that screen. Resizes and snapshots are queued behind pending writes so each
 * keyframe matches its offset exactly.
 */
export class Keyframer {
  private mirror?: Mirror;
  private screen = '';
  private offset = 0;
  private bytesSince = 0;
  private lastAt = 0;
  private activity = 0;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private cols: number,
    private rows: number,
    private readonly options: KeyframerOptions,
    private readonly emit: (snapshot: ScreenSnapshot) => void,
  ) {}

  /** Output at session time `t`; `parsed` is called once these bytes are on the screen. */
  feed(bytes: Uint8Array, t: number, parsed?: () => void): void {
    const { term } = this.ensureMirror();
    this.activity += 1;
    this.offset += bytes.length;
    this.bytesSince += bytes.length;
    const due = this.bytesSince >= this.options.bytes || t - this.lastAt >= this.options.intervalMs;
    if (due) {
      this.bytesSince = 0;
      this.lastAt = t;
      const offset = this.offset;
      term.write(bytes, () => {
        this.snapshot(offset);
        parsed?.();
      });
    } else {
      term.write(bytes, parsed);
    }
    this.armIdle();
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    const mirror = this.mirror;
    mirror?.term.write('', () => mirror.term.resize(cols, rows));
  }

  /** The screen as it is now (after every byte fed so far), e.g. for someone joining the session. */
  current(): Promise<Omit<ScreenSnapshot, 'offset'>> {
    const mirror = this.mirror;
    if (!mirror) return Promise.resolve({ cols: this.cols, rows: this.rows, screen: this.screen });
    return new Promise((resolve) =>
      mirror.term.write('', () => resolve({ cols: mirror.term.cols, rows: mirror.term.rows, screen: mirror.serializer.serialize({ scrollback: 0 }) })),
    );
  }

  /** Takes a final keyframe if output arrived since the last one, then frees the terminal. */
  close(): Promise<void> {
    clearTimeout(this.idleTimer);
    return this.settle();
  }

  private ensureMirror(): Mirror {
    if (this.mirror) return this.mirror;
    const term = new Terminal({ cols: this.cols, rows: this.rows, scrollback: 0, allowProposedApi: true });
    const serializer = new SerializeAddon();
    term.loadAddon(serializer);
    if (this.screen) term.write(this.screen);
    this.mirror = { term, serializer };
    return this.mirror;
  }

  private snapshot(offset: number): void {
    if (!this.mirror) return;
    this.screen = this.mirror.serializer.serialize({ scrollback: 0 });
    this.emit({ offset, cols: this.mirror.term.cols, rows: this.mirror.term.rows, screen: this.screen });
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.settle(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private settle(): Promise<void> {
    const mirror = this.mirror;
    if (!mirror) return Promise.resolve();
    const activity = this.activity;
    const dirty = this.bytesSince > 0;
    const offset = this.offset;
    return new Promise((resolve) => {
      mirror.term.write('', () => {
        // Output that arrived after the quiet period was noticed is already queued on this terminal.
        if (activity === this.activity) {
          if (dirty) this.snapshot(offset);
          else this.screen = mirror.serializer.serialize({ scrollback: 0 });
          this.bytesSince = 0;
          mirror.term.dispose();
          this.mirror = undefined;
        }
        resolve();
      });
    });
  }
}
