import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long one turn of the event loop may spend on the queue's jobs. Ending a session costs up to a
 * millisecond (telling its parties, its session.end event, starting its recording's last writes); when thousands end
 * in the same turn (a tunnel dropping, every shell of a load test exiting at once) that held the loop for seconds,
 * and every terminal and tunnel on the gateway with it.
 */
export const turnBudgetMs = 10;

/**
 * Runs jobs one after another, in the order given, yielding to the event loop whenever a turn has spent
 * turnBudgetMs on them, so what waits meanwhile (keystrokes, output, the agents' keep-alive) is served between
 * slices instead of after all of them. A job's promise is awaited: work that storage completes at once (SQLite)
 * counts against the turn it ran in. A job that fails is warned about, with what it was for, and the next one runs.
 */
export class PacedQueue {
  private readonly jobs: { job: () => unknown; failure: string }[] = [];
  private running = false;

  constructor(private readonly budgetMs = turnBudgetMs) {}

  /** Queues `job`; `failure` says what went wrong if it throws. */
  run(job: () => unknown, failure: string): void {
    this.jobs.push({ job, failure });
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    // The first slice waits for the next turn too: the caller may be one of thousands in this one.
    await nextTurn();
    let sliceStart = performance.now();
    for (let next = this.jobs.shift(); next; next = this.jobs.shift()) {
      try {
        await next.job();
      } catch (err) {
        process.emitWarning(`${next.failure}: ${(err as Error).message}`);
      }
      if (performance.now() - sliceStart < this.budgetMs) continue;
      await nextTurn();
      sliceStart = performance.now();
    }
    this.running = false;
  }
}
