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

export const defaultIndexerOptions: IndexerOptions = { flushIntervalMs: 500, flushLines: 200, maxChars: 32 * 1024, maxSessionChars: 8 * 1024, now: Date.now };

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
  /** Sessions already warned about text left out of the index. */
  private dropped = new Set<string>();
  /** The current flushIntervalMs window and the characters taken in it, in all and per session. */
  private window = { start: -Infinity, chars: 0, sessions: new Map<string, number>() };
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
    const output = new TextLines('output', add);
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
  }

  private add(line: NewTextLine): void {
    if (this.closed) return;
    const now = this.options.now();
    if (now - this.window.start >= this.options.flushIntervalMs) this.window = { start: now, chars: 0, sessions: new Map() };
    const session = (this.window.sessions.get(line.sid) ?? 0) + line.text.length;
    // What people type is always kept: it comes at the pace of hands, and it is what an auditor searches first.
    const over = this.window.chars + line.text.length > this.options.maxChars || session > this.options.maxSessionChars;
    if (over && line.kind === 'output') {
      if (!this.dropped.has(line.sid)) process.emitWarning(`the search index of session ${line.sid} is incomplete: its text came faster than the index takes it`);
      this.dropped.add(line.sid);
      return;
    }
    this.window.chars += line.text.length;
    this.window.sessions.set(line.sid, session);
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
