import type { Kysely } from 'kysely';
import type { RoleResource } from '../../../management/roles/model';
import type { Tables } from '../tables';

export interface StoredRole {
  role: RoleResource;
  /** The YAML as it was written; null for roles the gateway wrote itself (the presets). */
  source: string | null;
  createdAt: number;
  updatedAt: number;
}

export function roleRepo(db: Kysely<Tables>) {
  const parse = (r: { resource: string; source: string | null; created_at: number; updated_at: number }): StoredRole => ({
    role: JSON.parse(r.resource) as RoleResource,
    source: r.source,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
  return {
    async get(name: string): Promise<StoredRole | undefined> {
      const row = await db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
      return row && parse(row);
    },
    async getMany(names: string[]): Promise<RoleResource[]> {
      if (names.length === 0) return [];
      const rows = await db.selectFrom('roles').selectAll().where('name', 'in', names).execute();
      return rows.map((r) => parse(r).role);
    },
    async list(): Promise<StoredRole[]> {
      return (await db.selectFrom('roles').selectAll().orderBy('name').execute()).map(parse);
    },
    async create(role: RoleResource, source: string | null, now: number): Promise<void> {
      await db.insertInto('roles').values({ name: role.metadata.name, resource: JSON.stringify(role), source, created_at: now, updated_at: now }).execute();
    },
    async update(role: RoleResource, source: string | null, now: number): Promise<boolean> {
      const r = await db
        .updateTable('roles')
        .set({ resource: JSON.stringify(role), source, updated_at: now })
        .where('name', '=', role.metadata.name)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async delete(name: string): Promise<boolean> {
      const r = await db.deleteFrom('roles').where('name', '=', name).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
