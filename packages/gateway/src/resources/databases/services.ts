import type { Store } from '../../platform/storage/store';

/** An agent's database service: it serves the enrolled databases its matchers select. */
export interface DatabaseServiceRecord {
  agentId: string;
  /** The agent's host name. */
  name: string;
  matchers: Record<string, string[]>;
  expiresAt: number;
}

/** Whether a service's matchers select a database's labels: every matcher's label has one of its values ('*' any). */
export function serviceMatches(matchers: Record<string, string[]>, labels: Record<string, string>): boolean {
  return Object.entries(matchers).every(([name, values]) => {
    if (name === '*') return values.includes('*');
    const value = labels[name];
    return value !== undefined && (values.includes('*') || values.includes(value));
  });
}

export function databaseServiceRepo(store: Store) {
  const toRecord = (r: { agent_id: string; name: string; matchers: string; expires_at: number }): DatabaseServiceRecord => ({
    agentId: r.agent_id,
    name: r.name,
    matchers: JSON.parse(r.matchers) as Record<string, string[]>,
    expiresAt: Number(r.expires_at),
  });
  return {
    async upsert(s: DatabaseServiceRecord, now: number): Promise<void> {
      const values = { name: s.name, matchers: JSON.stringify(s.matchers), expires_at: s.expiresAt, updated_at: now };
      await store.db
        .insertInto('database_services')
        .values({ agent_id: s.agentId, ...values })
        .onConflict((oc) => oc.column('agent_id').doUpdateSet(values))
        .execute();
    },

    async touch(agentId: string, expiresAt: number, now: number): Promise<void> {
      await store.db.updateTable('database_services').set({ expires_at: expiresAt, updated_at: now }).where('agent_id', '=', agentId).execute();
    },

    /** The live services, by name (there are few: one per agent that serves enrolled databases). */
    async live(now: number): Promise<DatabaseServiceRecord[]> {
      const rows = await store.db.selectFrom('database_services').select(['agent_id', 'name', 'matchers', 'expires_at']).where('expires_at', '>', now).orderBy('name').orderBy('agent_id').execute();
      return rows.map(toRecord);
    },
  };
}

export type DatabaseServiceRepo = ReturnType<typeof databaseServiceRepo>;
