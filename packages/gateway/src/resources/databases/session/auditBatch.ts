import type { RawEvent } from '@portcullis/shared';
import { auditEvent, type EventName } from '../../../management/audit/record';
import type { NewEvent } from '../../../platform/storage/repos/events';
import type { Store } from '../../../platform/storage/store';

/** Statements waiting past this many make the session stop reading its client until they are written. */
const highWater = 2000;
/**
 * How long a statement's event may wait for others to share its insert. Each insert costs a query's building
 * and planning whatever its size, which at a few statements a turn cost the gateway more than the relaying did.
 */
const gatherMs = 25;

/**
 * A session's statement events, written in batches: every statement is in the audit log, in order, but a client
 * sending thousands a second costs one insert per gatherMs, not one per statement. A database that falls
 * behind slows the client (`full` tells the session to stop reading) instead of piling events up in memory.
 */
export class AuditBatch {
  private pending: NewEvent[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly onError: (err: Error) => void,
  ) {}

  add(name: EventName, fields: Omit<RawEvent, 'code' | 'event' | 'time'>): void {
    this.pending.push(auditEvent(name, fields, this.now()));
    if (!this.writing) this.writing = new Promise((resolve) => setTimeout(resolve, gatherMs)).then(() => this.write());
  }

  get full(): boolean {
    return this.pending.length >= highWater;
  }

  /** Resolves once everything added so far is written. */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async write(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.store.events.insertMany(batch);
      } catch (err) {
        // The audit log is the record auditors rely on: a session that cannot be audited is ended by the caller.
        this.onError(err as Error);
      }
    }
    this.writing = undefined;
  }
}
