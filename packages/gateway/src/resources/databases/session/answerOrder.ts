import type { InspectedMessage, ReplyTracker } from '../protocols/protocol';

type Refusal = NonNullable<InspectedMessage['refused']>;

/**
 * Puts the gateway's own answers (to the messages it refuses) among the server's replies in the order the client
 * sent the messages: a Redis client that pipelines `SET`, a refused `SELECT` and `GET` reads three replies in
 * that order and pairs them with its commands by position, so an error written before the `SET`'s `OK` would be
 * taken for the `SET`'s. A refusal whose message is replaced by another on its way to the server (Redis's EXEC
 * sent as DISCARD) has that one's replies dropped for the gateway's answer. Once the replies can no longer be
 * counted (the client subscribed, say), they are counted up to the last one owed before, and later answers go at
 * once.
 */
export class AnswerOrder {
  /** Replies the server owes for all the messages passed on so far, and those it has sent. */
  private owed = 0;
  private replied = 0;
  /** Answers waiting for the server's replies to come up to `after`, each then dropping the next `replaces`. */
  private readonly waiting: { after: number; answer: Buffer; replaces: number }[] = [];
  /** Replies still to drop, the one being read first. */
  private dropping = 0;
  private counting: boolean;
  /** Set once a message's replies cannot be counted: the replies owed before it, the last ones counted. */
  private countingUntil: number | undefined;

  constructor(private readonly tracker?: ReplyTracker) {
    this.counting = tracker !== undefined;
  }

  /** The client's message went on to the server. */
  passed(message: InspectedMessage): void {
    if (!this.counting || this.countingUntil !== undefined) return;
    const owed = this.tracker!.owed(message);
    if (owed !== undefined) this.owed += owed;
    else if (this.replied >= this.owed) this.counting = false;
    else this.countingUntil = this.owed;
  }

  /**
   * What to write to the client now for a refused message (nothing while earlier replies are due). Undefined
   * when the message it sends the server instead has replies that cannot be told apart from others, so they
   * cannot be dropped: the connection cannot go on.
   */
  refused(refusal: Refusal): Buffer[] | undefined {
    let replaces = 0;
    if (refusal.instead) {
      const owed = this.counting && this.countingUntil === undefined ? this.tracker!.owed(refusal.instead) : undefined;
      if (owed === undefined) return undefined;
      replaces = owed;
    }
    const due = this.counting && (this.replied < this.owed || this.waiting.length > 0);
    if (!due) {
      this.dropping += replaces;
      this.owed += replaces;
      return [refusal.reply];
    }
    this.waiting.push({ after: this.owed, answer: refusal.reply, replaces });
    this.owed += replaces;
    return [];
  }

  /** The server's bytes: what to write to the client now, in order, with the answers that were waiting for them. */
  fromServer(chunk: Buffer): Buffer[] {
    const ends = this.counting ? this.tracker!.ends(chunk) : undefined;
    if (!ends) return this.stopCounting([chunk]);
    const out: Buffer[] = [];
    // Bytes before `from` are written or dropped; `start` is where the reply being read began.
    let from = 0;
    let start = 0;
    for (const end of ends) {
      this.replied += 1;
      if (this.dropping > 0) {
        this.dropping -= 1;
        if (start > from) out.push(chunk.subarray(from, start));
        from = end;
      }
      start = end;
      if (this.waiting.length && this.waiting[0]!.after <= this.replied) {
        if (end > from) out.push(chunk.subarray(from, end));
        from = end;
        while (this.waiting.length && this.waiting[0]!.after <= this.replied) {
          const { answer, replaces } = this.waiting.shift()!;
          out.push(answer);
          this.dropping += replaces;
        }
      }
      if (this.replied === this.countingUntil) return this.stopCounting(from < chunk.length ? [...out, chunk.subarray(from)] : out);
    }
    // The tail is the start of the next reply, dropped with it if it is to be.
    const kept = this.dropping > 0 ? start : chunk.length;
    if (kept > from) out.push(chunk.subarray(from, kept));
    return out;
  }

  private stopCounting(out: Buffer[]): Buffer[] {
    this.counting = false;
    return [...out, ...this.waiting.splice(0).map((w) => w.answer)];
  }
}
