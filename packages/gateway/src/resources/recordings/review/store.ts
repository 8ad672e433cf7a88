import { randomUUID } from 'node:crypto';
import type { RecordingReviewJson, RecordingReviewStatus } from '@portcullis/shared';
import { recordEvent } from '../../../management/audit/record';
import { badRequest } from '../../../platform/access/errors';
import type { Store } from '../../../platform/storage/store';
import { presentReview } from './presenter';

export interface ReviewChange {
  status?: RecordingReviewStatus;
  reviewer?: string | null;
}

/** Reviews of recordings and their comments. Every change commits with its audit event. */
export class ReviewStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async get(sid: string, tx: Store = this.store): Promise<RecordingReviewJson> {
    const review = await tx.db.selectFrom('recording_reviews').selectAll().where('sid', '=', sid).executeTakeFirst();
    const comments = await tx.db.selectFrom('recording_comments').selectAll().where('sid', '=', sid).orderBy('t').orderBy('created_at').orderBy('id').execute();
    return presentReview(sid, review, comments);
  }

  async update(user: string, sid: string, change: ReviewChange): Promise<RecordingReviewJson> {
    return this.store.transaction(async (tx) => {
      if (change.reviewer && !(await tx.users.get(change.reviewer))) throw badRequest(`reviewer: there is no user ${change.reviewer}`);
      const current = await tx.db.selectFrom('recording_reviews').selectAll().where('sid', '=', sid).executeTakeFirst();
      const now = this.now();
      const row = {
        sid,
        status: change.status ?? current?.status ?? 'to_review',
        reviewer: change.reviewer === undefined ? (current?.reviewer ?? null) : change.reviewer,
        updated_by: user,
        updated_at: now,
      };
      if (current) await tx.db.updateTable('recording_reviews').set(row).where('sid', '=', sid).execute();
      else await tx.db.insertInto('recording_reviews').values(row).execute();
      await recordEvent(tx, 'RECORDING_REVIEW_UPDATE', { user, sid, status: row.status, reviewer: row.reviewer ?? '' }, now);
      return this.get(sid, tx);
    });
  }

  async comment(user: string, sid: string, comment: { t: number; text: string }): Promise<RecordingReviewJson> {
    return this.store.transaction(async (tx) => {
      const now = this.now();
      await tx.db.insertInto('recording_comments').values({ id: randomUUID(), sid, author: user, t: comment.t, text: comment.text, created_at: now }).execute();
      await recordEvent(tx, 'RECORDING_REVIEW_COMMENT', { user, sid, t: comment.t }, now);
      return this.get(sid, tx);
    });
  }
}
