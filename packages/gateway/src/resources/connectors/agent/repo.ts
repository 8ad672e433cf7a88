import type { Store } from '../../../platform/storage/store';

/** Agents and the hash of the identity secret each was issued. */
export function agentRepo(store: Store) {
  return {
    async create(agent: { id: string; secretHash: string; hostname: string }, now: number, tx: Store = store): Promise<void> {
      await tx.db.insertInto('agents').values({ id: agent.id, secret_hash: agent.secretHash, hostname: agent.hostname, created_at: now }).execute();
    },

    async secretHash(id: string): Promise<string | undefined> {
      return (await store.db.selectFrom('agents').select('secret_hash').where('id', '=', id).executeTakeFirst())?.secret_hash;
    },
  };
}
