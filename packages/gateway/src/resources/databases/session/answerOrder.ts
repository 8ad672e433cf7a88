import type { ReplyTracker } from '../protocols/protocol';

/**
 * Puts the gateway's own answers (to the messages it refuses) among the server's replies in the order the client
 * sent the messages: a Redis client that pipelines `SET`, a refused `SELECT` and `GET` reads three replies in
 * that order and pairs them with its commands by position, so an error written before the `SET`'s `OK` would be
 * taken for the `SET`'s. Once the replies can no longer be counted (the client subscribed, say), answers waiting
 * go out after the server's bytes at hand and later ones at once.
 */
export class AnswerOrder {
  /** Replies the server owes for all the messages passed on so far, and those it has sent. */
  private owed = 0;
  private replied = 0;
  /** Answers waiting for the server's replies to come up to `after`. */
  private readonly waiting: { after: number; answer: Buffer }[] = [];
  private counting: boolean;

  constructor(private readonly tracker?: ReplyTracker) {
    this.counting = tracker !== undefined;
  }

  /** The client's message went on to the server. */
  passed(message: Parameters<ReplyTracker['owed']>[0]): void {
    if (!this.counting) return;
    const owed = this.tracker!.owed(message);
    if (owed === undefined) this.counting = false;
    else this.owed += owed;
  }

  /** The gateway's answer to a refused message: what to write to the client now (nothing while earlier replies are due). */
  answer(answer: Buffer): Buffer[] {
    if (!this.counting || (this.replied >= this.owed && this.waiting.length === 0)) return [answer];
    this.waiting.push({ after: this.owed, answer });
    return [];
  }

  /** The server's bytes: what to write to the client now, in order, with the answers that were waiting for them. */
  fromServer(chunk: Buffer): Buffer[] {
    const ends = this.counting ? this.tracker!.ends(chunk) : undefined;
    if (!ends) {
      this.counting = false;
      return [chunk, ...this.waiting.splice(0).map((w) => w.answer)];
    }
    const out: Buffer[] = [];
    let from = 0;
    for (const end of ends) {
      this.replied += 1;
      if (!this.waiting.length || this.waiting[0]!.after > this.replied) continue;
      out.push(chunk.subarray(from, end));
      from = end;
      while (this.waiting.length && this.waiting[0]!.after <= this.replied)
        out.push(this.waiting.shift()!.answer);
    }
    if (from < chunk.length) out.push(chunk.subarray(from));
    return out;
  }
}
