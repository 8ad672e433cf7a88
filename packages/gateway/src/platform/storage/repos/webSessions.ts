import type { Kysely } from 'kysely';
import type { Tables, WebSessionRow } from '../tables';

export interface WebSession {
  idHash: string;
  username: string;
  loginTime: number;
  createdAt: number;
  expiresAt: number;
  lastActive: number;
  /** Approved with a second factor when it was issued (headless), so per-session MFA is already satisfied. */
  mfaVerified: boolean;
  /** The approved access requests this session assumed; their roles count while the requests last. */
  accessRequestIds: string[];
}

const fromRow = (r: WebSessionRow): WebSession => ({
  idHash: r.id_hash,
  username: r.username,
  loginTime: r.login_time,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastActive: r.last_active,
  mfaVerified: r.mfa_verified === 1,
  accessRequestIds: JSON.parse(r.access_request_ids) as string[],
});

export function webSessionRepo(db: Kysely<Tables>) {
  return {
    async create(s: WebSession): Promise<void> {
      await db
        .insertInto('web_sessions')
        .values({ id_hash: s.idHash, username: s.username, login_time: s.loginTime, created_at: s.createdAt, expires_at: s.expiresAt, last_active: s.lastActive, mfa_verified: s.mfaVerified ? 1 : 0, access_request_ids: JSON.stringify(s.accessRequestIds) })
        .execute();
    },
    async get(idHash: string): Promise<WebSession | undefined> {
      const row = await db.selectFrom('web_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      return row && fromRow(row);
    },
    async forUsers(usernames: string[]): Promise<WebSession[]> {
      if (!usernames.length) return [];
      return (await db.selectFrom('web_sessions').selectAll().where('username', 'in', usernames).execute()).map(fromRow);
    },
    async touch(idHash: string, lastActive: number): Promise<void> {
      await db.updateTable('web_sessions').set({ last_active: lastActive }).where('id_hash', '=', idHash).execute();
    },
    async delete(idHash: string): Promise<void> {
      await db.deleteFrom('web_sessions').where('id_hash', '=', idHash).execute();
    },
    async deleteForUser(username: string): Promise<void> {
      await db.deleteFrom('web_sessions').where('username', '=', username).execute();
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('web_sessions').where('expires_at', '<=', now).execute();
    },
  };
}
