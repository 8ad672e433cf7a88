import type { Kysely } from 'kysely';
import type { Tables } from '../tables';

export type UserTokenKind = 'invite' | 'reset';

export interface UserToken {
  idHash: string;
  username: string;
  kind: UserTokenKind;
  expiresAt: number;
  createdAt: number;
}

/** Invite and password-reset tokens, stored by the hash of their plaintext. */
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
    async delete(idHash: string): Promise<void> {
      await db.deleteFrom('user_tokens').where('id_hash', '=', idHash).execute();
    },
    async deleteForUser(username: string): Promise<void> {
      await db.deleteFrom('user_tokens').where('username', '=', username).execute();
    },
  };
}
