import type { Store } from '../../../platform/storage/store';
import type { RecordingMeta } from '../format';
import { TextLines, type TextLine } from './lines';
import { recordingTextRepo, type NewTextLine } from './repo';
import type { RecordingTextSessionRow } from './tables';

export interface IndexerOptions {
  /** Lines are written at most this long after they ended... */
  flushIntervalMs: number;
  /** ... or as soon as this many are waiting. */
  flushLines: number;
  /**
   * Characters indexed per flushIntervalMs, over all sessions and for any one session; lines beyond either are
   * dropped. SQLite's trigram index is built on the event loop, synchronously, at about a millisecond per thousand
   * characters of output like base64: unbounded, a few flooding sessions stalled every terminal and cut the agents'
   * tunnels (their keep-alive went unanswered). The session's share keeps one flood from starving the others.
   */
  maxChars: number;
  maxSessionChars: number;
  now: () => number;
}

/** At most one warning this often about sessions left out of the index: a thousand floods at once make one, not a thousand. */
export const leftOutWarningMs = 60_000;

export const defaultIndexerOptions: IndexerOptions = { flushIntervalMs: 500, flushLines: 200, maxChars: 32 * 1024, maxSessionChars: 8 * 1024, now: Date.now };

interface IndexWindow {
  start: number;
  chars: number;
  sessions: Map<string, number>;
}

/** One recording's text as it is written: the writer hands over what was printed and typed, with its time. */
export interface RecordingText {
  output(t: number, bytes: Uint8Array): void;
  input(t: number, bytes: Uint8Array): void;
  /** The session ended at `t`: the last partial lines are indexed too. */
  end(t: number): void;
}

/**
 * Indexes the text of every recording being written, for search. Lines from all sessions are batched and
 * written together, never one statement per chunk. Search is a convenience: a storage failure is warned about
 * and that batch is lost, the sessions go on.
 */
export class RecordingIndexer {
  private readonly repo: ReturnType<typeof recordingTextRepo>;
  private readonly options: IndexerOptions;
  private sessions: RecordingTextSessionRow[] = [];
  private lines: NewTextLine[] = [];
  /** Sessions with text left out of the index; those not yet named in a warning, and when the last one was. */
  private dropped = new Set<string>();
  private unreported: string[] = [];
  private reportedAt = -Infinity;
  private reportTimer?: NodeJS.Timeout;
  /** The current flushIntervalMs window and the characters taken in it, in all and per session. */
  private window: IndexWindow = { start: -Infinity, chars: 0, sessions: new Map() };
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(store: Store, options: Partial<IndexerOptions> = {}) {
    this.repo = recordingTextRepo(store);
    this.options = { ...defaultIndexerOptions, ...options };
  }

  open(meta: RecordingMeta, recordingType: RecordingTextSessionRow['recording_type']): RecordingText {
    const { sid } = meta;
    this.sessions.push({ sid, started_at: Date.parse(meta.startTime), user: meta.user, login: meta.login, hostname: meta.serverHostname, recording_type: recordingType });
    const add = (line: TextLine) => this.add({ sid, ...line });
    const output = new TextLines('output', add, () => this.takes(sid));
    const input = new TextLines('input', add);
    return {
      output: (t, bytes) => output.write(t, bytes),
      input: (t, bytes) => input.write(t, bytes),
      end: (t) => {
        output.end(t);
        input.end(t);
        this.dropped.delete(sid);
        this.schedule();
      },
    };
  }

  /** Writes what is waiting; resolves once it is written (or its failure warned about). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /** Writes what is waiting and stops: the storage is about to close. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.unreported.length) this.report();
  }

  /** The interval under way, a new one once flushIntervalMs have passed since its start. */
  private currentWindow(): IndexWindow {
    const now = this.options.now();
    if (now - this.window.start >= this.options.flushIntervalMs) this.window = { start: now, chars: 0, sessions: new Map() };
    return this.window;
  }

  /** Whether a session's output would still be taken in this interval: while not, it is passed over unread. */
  private takes(sid: string): boolean {
    const window = this.currentWindow();
    if (window.chars < this.options.maxChars && (window.sessions.get(sid) ?? 0) < this.options.maxSessionChars) return true;
    this.leftOut(sid);
    return false;
  }

  private leftOut(sid: string): void {
    if (this.dropped.has(sid)) return;
    this.dropped.add(sid);
    this.unreported.push(sid);
    if (this.reportTimer) return;
    const wait = this.reportedAt + leftOutWarningMs - this.options.now();
    if (wait <= 0) return this.report();
    this.reportTimer = setTimeout(() => this.report(), wait);
    this.reportTimer.unref();
  }

  private report(): void {
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    this.reportedAt = this.options.now();
    const [first, ...others] = this.unreported;
    this.unreported = [];
    const more = others.length ? ` and of ${others.length} other session${others.length > 1 ? 's' : ''} since the last such warning` : '';
    process.emitWarning(`the search index of session ${first}${more} is incomplete: their text came faster than the index takes it`);
  }

  private add(line: NewTextLine): void {
    if (this.closed) return;
    const window = this.currentWindow();
    const session = (window.sessions.get(line.sid) ?? 0) + line.text.length;
    // What people type is always kept: it comes at the pace of hands, and it is what an auditor searches first.
    const over = window.chars + line.text.length > this.options.maxChars || session > this.options.maxSessionChars;
    if (over && line.kind === 'output') {
      // The rest of the interval's output of this session is passed over unread (see takes).
      window.sessions.set(line.sid, Infinity);
      return this.leftOut(line.sid);
    }
    window.chars += line.text.length;
    window.sessions.set(line.sid, session);
    this.lines.push(line);
    this.schedule();
  }

  private schedule(): void {
    if (this.lines.length >= this.options.flushLines) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushIntervalMs);
      this.timer.unref();
    }
  }

  private async write(): Promise<void> {
    if (!this.sessions.length && !this.lines.length) return;
    const { sessions, lines } = this;
    this.sessions = [];
    this.lines = [];
    try {
      await this.repo.insert(sessions, lines);
    } catch (err) {
      // Sessions are kept for the next batch, whose lines need them; these lines are lost.
      this.sessions.unshift(...sessions);
      process.emitWarning(`${lines.length} lines of recorded text were not indexed for search: ${(err as Error).message}`);
    }
  }
}
