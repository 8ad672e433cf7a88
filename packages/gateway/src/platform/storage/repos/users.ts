import type { UserTraits } from '@portcullis/shared';
import type { Kysely } from 'kysely';
import type { Tables, UserRow } from '../tables';

/** A user's traits are the wire's (shared's UserTraits); storage keeps them as they are. */
export type Traits = UserTraits;

export const traitNames = ['logins', 'databaseUsers', 'databaseNames', 'kubeUsers', 'kubeGroups', 'windowsLogins', 'awsRoleArns'] as const;

export function emptyTraits(): Traits {
  return { logins: [], databaseUsers: [], databaseNames: [], kubeUsers: [], kubeGroups: [], windowsLogins: [], awsRoleArns: [] };
}

/** How a user signs in: a local password (and devices), or the kind of single sign-on connector that created them. */
export type AuthType = 'local' | 'oidc' | 'saml' | 'github';

export interface User {
  name: string;
  roles: string[];
  traits: Traits;
  authType: AuthType;
  passwordHash: string | null;
  failedLogins: number;
  lockedUntil: number | null;
  createdAt: number;
}

export type UserPatch = Partial<Pick<User, 'roles' | 'traits' | 'passwordHash' | 'failedLogins' | 'lockedUntil'>>;

function fromRow(row: UserRow): User {
  return {
    name: row.name,
    roles: JSON.parse(row.roles) as string[],
    traits: { ...emptyTraits(), ...(JSON.parse(row.traits) as Partial<Traits>) },
    authType: row.auth_type as AuthType,
    passwordHash: row.password_hash,
    failedLogins: row.failed_logins,
    lockedUntil: row.locked_until,
    createdAt: row.created_at,
  };
}

export function userRepo(db: Kysely<Tables>) {
  return {
    async get(name: string): Promise<User | undefined> {
      const row = await db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
      return row && fromRow(row);
    },
    async list(): Promise<User[]> {
      return (await db.selectFrom('users').selectAll().orderBy('name').execute()).map(fromRow);
    },
    async count(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async create(user: User): Promise<void> {
      await db
        .insertInto('users')
        .values({
          name: user.name,
          roles: JSON.stringify(user.roles),
          traits: JSON.stringify(user.traits),
          auth_type: user.authType,
          password_hash: user.passwordHash,
          failed_logins: user.failedLogins,
          locked_until: user.lockedUntil,
          created_at: user.createdAt,
        })
        .execute();
    },
    async update(name: string, patch: UserPatch): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(patch.roles && { roles: JSON.stringify(patch.roles) }),
          ...(patch.traits && { traits: JSON.stringify(patch.traits) }),
          ...(patch.passwordHash !== undefined && { password_hash: patch.passwordHash }),
          ...(patch.failedLogins !== undefined && { failed_logins: patch.failedLogins }),
          ...(patch.lockedUntil !== undefined && { locked_until: patch.lockedUntil }),
        })
        .where('name', '=', name)
        .execute();
    },
    /** Counts one more failed login in a row, atomically, and answers the new count. */
    async addFailedLogin(name: string): Promise<number> {
      const row = await db
        .updateTable('users')
        .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
        .where('name', '=', name)
        .returning('failed_logins')
        .executeTakeFirst();
      return row?.failed_logins ?? 0;
    },
    async delete(name: string): Promise<boolean> {
      const r = await db.deleteFrom('users').where('name', '=', name).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
