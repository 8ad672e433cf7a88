import type { Store } from '../../../platform/storage/store';
import type { AppSessionRow } from './tables';

/** An app session as the gateway keeps it: only hashes of its two secrets. */
export interface AppSession {
  id: string;
  valueHash: string;
  subjectHash: string;
  username: string;
  webSessionHash: string;
  appId: string;
  appName: string;
  publicAddr: string;
  /** Set for an AWS console app: the role ARN chosen at launch, checked against the caller's roles then. */
  awsRoleArn?: string;
  createdAt: number;
  expiresAt: number;
}

const fromRow = (r: AppSessionRow): AppSession => ({
  id: r.id,
  valueHash: r.value_hash,
  subjectHash: r.subject_hash,
  username: r.username,
  webSessionHash: r.web_session_hash,
  appId: r.app_id,
  appName: r.app_name,
  publicAddr: r.public_addr,
  ...(r.aws_role_arn ? { awsRoleArn: r.aws_role_arn } : {}),
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});

export function appSessionRepo(store: Store) {
  const db = store.db;
  return {
    async create(s: AppSession): Promise<void> {
      await db
        .insertInto('app_sessions')
        .values({
          id: s.id,
          value_hash: s.valueHash,
          subject_hash: s.subjectHash,
          username: s.username,
          web_session_hash: s.webSessionHash,
          app_id: s.appId,
          app_name: s.appName,
          public_addr: s.publicAddr,
          aws_role_arn: s.awsRoleArn ?? null,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
        })
        .execute();
    },
    async byValueHash(valueHash: string): Promise<AppSession | undefined> {
      const row = await db.selectFrom('app_sessions').selectAll().where('value_hash', '=', valueHash).executeTakeFirst();
      return row && fromRow(row);
    },
    /** Whether this call removed it: of several gateways ending one session, only one audits the end. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('app_sessions').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Sessions past their expiry, which nobody ended (their user stopped using the app). */
    async expired(now: number, limit = 100): Promise<AppSession[]> {
      const rows = await db.selectFrom('app_sessions').selectAll().where('expires_at', '<=', now).limit(limit).execute();
      return rows.map(fromRow);
    },
  };
}
