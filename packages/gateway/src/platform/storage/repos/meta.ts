import type { Kysely } from 'kysely';
import type { Tables } from '../tables';

/** Small facts about this gateway's state, such as whether first-start setup has run. */
export function metaRepo(db: Kysely<Tables>) {
  return {
    async get(key: string): Promise<string | undefined> {
      return (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db.insertInto('meta').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
    },
  };
}
