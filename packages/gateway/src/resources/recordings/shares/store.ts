import { randomUUID } from 'node:crypto';
import { recordEvent } from '../../../management/audit/record';
import { hashSecret, newSecret } from '../../../management/websessions/secrets';
import { notFound } from '../../../platform/access/errors';
import type { Store } from '../../../platform/storage/store';
import type { RecordingShareRow } from './tables';

export interface NewShare {
  expiresInMs: number;
  fromMs?: number;
  toMs?: number;
}

/** Why a token plays nothing, as the audit log records it; its holder is told only that the link is not valid. */
export type ShareRefusal = 'unknown share link' | 'share link expired' | 'share link revoked';

/**
 * Share links of recordings. A link's token is returned once, when it is made; only its hash is kept, so the
 * table cannot be turned back into working links. Every change commits with its audit event.
 */
export class ShareStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  list(sid: string): Promise<RecordingShareRow[]> {
    return this.store.db.selectFrom('recording_shares').selectAll().where('sid', '=', sid).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  async create(user: string, sid: string, share: NewShare): Promise<{ row: RecordingShareRow; token: string }> {
    const token = newSecret();
    const now = this.now();
    const row: RecordingShareRow = {
      id: randomUUID(),
      sid,
      token_hash: hashSecret(token),
      created_by: user,
      created_at: now,
      expires_at: now + share.expiresInMs,
      from_ms: share.fromMs ?? null,
      to_ms: share.toMs ?? null,
      revoked_at: null,
      views: 0,
    };
    await this.store.transaction(async (tx) => {
      await tx.db.insertInto('recording_shares').values(row).execute();
      await recordEvent(tx, 'RECORDING_SHARE_CREATE', { user, sid, expires: new Date(row.expires_at).toISOString() }, now);
    });
    return { row, token };
  }

  /** Revokes a link of the recording; revoking it again changes nothing. */
  async revoke(user: string, sid: string, id: string): Promise<RecordingShareRow> {
    return this.store.transaction(async (tx) => {
      const row = await tx.db.selectFrom('recording_shares').selectAll().where('id', '=', id).where('sid', '=', sid).executeTakeFirst();
      if (!row) throw notFound(`share link ${id} of the recording ${sid} was not found`);
      if (row.revoked_at !== null) return row;
      const now = this.now();
      await tx.db.updateTable('recording_shares').set({ revoked_at: now }).where('id', '=', id).execute();
      await recordEvent(tx, 'RECORDING_SHARE_REVOKE', { user, sid, share_id: id }, now);
      return { ...row, revoked_at: now };
    });
  }

  /** The link a token opens, or why it opens nothing. */
  async find(token: string): Promise<RecordingShareRow | ShareRefusal> {
    const row = await this.store.db.selectFrom('recording_shares').selectAll().where('token_hash', '=', hashSecret(token)).executeTakeFirst();
    if (!row) return 'unknown share link';
    if (row.revoked_at !== null) return 'share link revoked';
    if (Number(row.expires_at) <= this.now()) return 'share link expired';
    return row;
  }

  async countView(row: RecordingShareRow, remoteAddr: string): Promise<void> {
    const now = this.now();
    await this.store.transaction(async (tx) => {
      await tx.db.updateTable('recording_shares').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', row.id).execute();
      await recordEvent(tx, 'RECORDING_SHARE_VIEW', { share_id: row.id, shared_by: row.created_by, sid: row.sid, 'addr.remote': remoteAddr }, now);
    });
  }

  async refused(why: ShareRefusal, remoteAddr: string): Promise<void> {
    await recordEvent(this.store, 'RECORDING_SHARE_VIEW_FAILURE', { 'addr.remote': remoteAddr, error: why }, this.now());
  }
}
