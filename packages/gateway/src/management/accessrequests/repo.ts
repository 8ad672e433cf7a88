import type { AccessRequestState, RequestedResourceId } from '@portcullis/shared';
import type { Store } from '../../platform/storage/store';
import type { AccessRequestReviewRow, AccessRequestRow } from './tables';

export interface AccessReview {
  author: string;
  state: Exclude<AccessRequestState, 'PENDING'>;
  reason: string;
  createdAt: number;
}

export interface AccessRequest {
  id: string;
  username: string;
  roles: string[];
  /** Empty for a role request; for a resource request, the resources its roles reach (and nothing else). */
  resourceIds: RequestedResourceId[];
  reason: string;
  state: AccessRequestState;
  suggestedReviewers: string[];
  approvalsNeeded: number;
  createdAt: number;
  expiresAt: number;
  /** Oldest first. */
  reviews: AccessReview[];
}

/** The most requests a list reads: the newest, so the console's table stays bounded. */
export const listCap = 500;

const toReview = (r: AccessRequestReviewRow): AccessReview => ({
  author: r.author,
  state: r.state as AccessReview['state'],
  reason: r.reason,
  createdAt: Number(r.created_at),
});

const toRequest = (r: AccessRequestRow, reviews: AccessReview[]): AccessRequest => ({
  id: r.id,
  username: r.username,
  roles: JSON.parse(r.roles) as string[],
  resourceIds: JSON.parse(r.resource_ids) as RequestedResourceId[],
  reason: r.reason,
  state: r.state as AccessRequestState,
  suggestedReviewers: JSON.parse(r.suggested_reviewers) as string[],
  approvalsNeeded: r.approvals_needed,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  reviews,
});

/** Access requests and their reviews. Every method takes the transaction it is part of (the store by default). */
export function accessRequestRepo(store: Store) {
  async function withReviews(tx: Store, rows: AccessRequestRow[]): Promise<AccessRequest[]> {
    if (rows.length === 0) return [];
    const reviews = await tx.db
      .selectFrom('access_request_reviews')
      .selectAll()
      .where(
        'request_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('created_at')
      .orderBy('author')
      .execute();
    return rows.map((r) => toRequest(r, reviews.filter((v) => v.request_id === r.id).map(toReview)));
  }

  return {
    async create(r: Omit<AccessRequest, 'reviews'>, tx: Store = store): Promise<void> {
      await tx.db
        .insertInto('access_requests')
        .values({
          id: r.id,
          username: r.username,
          roles: JSON.stringify(r.roles),
          resource_ids: JSON.stringify(r.resourceIds),
          reason: r.reason,
          state: r.state,
          suggested_reviewers: JSON.stringify(r.suggestedReviewers),
          approvals_needed: r.approvalsNeeded,
          created_at: r.createdAt,
          expires_at: r.expiresAt,
        })
        .execute();
    },

    /** One request; `lock` holds its row until the transaction ends (PostgreSQL), so concurrent reviews count each other. */
    async get(id: string, tx: Store = store, lock = false): Promise<AccessRequest | undefined> {
      let query = tx.db.selectFrom('access_requests').selectAll().where('id', '=', id);
      // SQLite has no FOR UPDATE; its transactions are serialised already.
      if (lock && tx.engine === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row && (await withReviews(tx, [row]))[0];
    },

    /** Several requests by id (a session's assumed ones), in no particular order. */
    async getMany(ids: string[], tx: Store = store): Promise<AccessRequest[]> {
      if (ids.length === 0) return [];
      return withReviews(
        tx,
        await tx.db.selectFrom('access_requests').selectAll().where('id', 'in', ids).execute(),
      );
    },

    /** The newest requests first, up to `listCap`; `username` keeps one requester's. */
    async newest(opts: { username?: string } = {}, tx: Store = store): Promise<AccessRequest[]> {
      let query = tx.db.selectFrom('access_requests').selectAll();
      if (opts.username !== undefined) query = query.where('username', '=', opts.username);
      return withReviews(
        tx,
        await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(listCap).execute(),
      );
    },

    async addReview(requestId: string, review: AccessReview, tx: Store = store): Promise<void> {
      await tx.db
        .insertInto('access_request_reviews')
        .values({
          request_id: requestId,
          author: review.author,
          state: review.state,
          reason: review.reason,
          created_at: review.createdAt,
        })
        .execute();
    },

    /** Moves a pending request to its decision; false when it was decided meanwhile. */
    async decide(
      id: string,
      state: Exclude<AccessRequestState, 'PENDING'>,
      tx: Store = store,
    ): Promise<boolean> {
      const result = await tx.db
        .updateTable('access_requests')
        .set({ state })
        .where('id', '=', id)
        .where('state', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes a pending request (its reviews go with it: the foreign key cascades); false when it was decided or removed meanwhile. */
    async removePending(id: string, tx: Store = store): Promise<boolean> {
      const result = await tx.db
        .deleteFrom('access_requests')
        .where('id', '=', id)
        .where('state', '=', 'PENDING')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type AccessRequestRepo = ReturnType<typeof accessRequestRepo>;
