import type { Kysely } from 'kysely';
import type { Tables } from '../tables';

/** invite and reset set a password; privilege (bought by re-authenticating) changes the user's devices. */
export type UserTokenKind = 'invite' | 'reset' | 'privilege';

export interface UserToken {
  idHash: string;
  username: string;
  kind: UserTokenKind;
  expiresAt: number;
  createdAt: number;
}

/** Invite, password-reset and privilege tokens, stored by the hash of their plaintext. */
export function userTokenRepo(db: Kysely<Tables>) {
  return {
    async create(token: UserToken): Promise<void> {
      await db
        .insertInto('user_tokens')
        .values({ id_hash: token.idHash, username: token.username, kind: token.kind, expires_at: token.expiresAt, created_at: token.createdAt })
        .execute();
    },
    async get(idHash: string): Promise<UserToken | undefined> {
      const row = await db.selectFrom('user_tokens').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      return row && { idHash: row.id_hash, username: row.username, kind: row.kind as UserTokenKind, expiresAt: row.expires_at, createdAt: row.created_at };
    },
    /** Spends a token: false when it was gone already (spent by a concurrent request). */
    async delete(idHash: string): Promise<boolean> {
      const r = await db.deleteFrom('user_tokens').where('id_hash', '=', idHash).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    /** Deletes the user's tokens, or only those of `kind`. */
    async deleteForUser(username: string, kind?: UserTokenKind): Promise<void> {
      let query = db.deleteFrom('user_tokens').where('username', '=', username);
      if (kind) query = query.where('kind', '=', kind);
      await query.execute();
    },
  };
}
