import type { Store } from '../../platform/storage/store';
import type { HeadlessRequestRow } from './tables';

export type HeadlessState = 'pending' | 'approved' | 'denied';

export interface HeadlessRequest {
  id: string;
  username: string;
  secretHash: string;
  clientIp: string;
  state: HeadlessState;
  createdAt: number;
  expiresAt: number;
  decidedAt: number | null;
}

const toRequest = (row: HeadlessRequestRow): HeadlessRequest => ({
  id: row.id,
  username: row.username,
  secretHash: row.secret_hash,
  clientIp: row.client_ip,
  state: row.state as HeadlessState,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  decidedAt: row.decided_at,
});

/** Headless sign-in requests: created by the command line, decided in a browser, collected once. */
export function headlessRepo(store: Store) {
  return {
    async create(r: Omit<HeadlessRequest, 'state' | 'decidedAt'>, tx: Store = store): Promise<void> {
      await tx.db
        .insertInto('headless_requests')
        .values({ id: r.id, username: r.username, secret_hash: r.secretHash, client_ip: r.clientIp, state: 'pending', created_at: r.createdAt, expires_at: r.expiresAt, decided_at: null })
        .execute();
    },

    async get(id: string, tx: Store = store): Promise<HeadlessRequest | undefined> {
      const row = await tx.db.selectFrom('headless_requests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRequest(row);
    },

    /** Decides a request still pending; false when it was decided meanwhile. */
    async decide(id: string, state: Exclude<HeadlessState, 'pending'>, now: number, tx: Store = store): Promise<boolean> {
      const result = await tx.db.updateTable('headless_requests').set({ state, decided_at: now }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes an approved request as its session is collected; false when it was collected meanwhile. */
    async collect(id: string, tx: Store = store): Promise<boolean> {
      const result = await tx.db.deleteFrom('headless_requests').where('id', '=', id).where('state', '=', 'approved').executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteExpiredBefore(time: number, tx: Store = store): Promise<void> {
      await tx.db.deleteFrom('headless_requests').where('expires_at', '<', time).execute();
    },
  };
}

export type HeadlessRepo = ReturnType<typeof headlessRepo>;
