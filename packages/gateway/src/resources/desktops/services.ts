import type { Store } from '../../platform/storage/store';

/** An agent serving desktops, listed while it heartbeats. */
export interface DesktopServiceRecord {
  agentId: string;
  hostname: string;
  addr: string;
  labels: Record<string, string>;
}

/** The agents serving desktops (their desktop services), one row per agent. */
export function desktopServiceRepo(store: Store) {
  return {
    async upsert(s: DesktopServiceRecord, expiresAt: number, now: number): Promise<void> {
      const values = { hostname: s.hostname, addr: s.addr, labels: JSON.stringify(s.labels), expires_at: expiresAt, updated_at: now };
      await store.db
        .insertInto('desktop_services')
        .values({ agent_id: s.agentId, ...values })
        .onConflict((oc) => oc.column('agent_id').doUpdateSet(values))
        .execute();
    },

    async touch(agentId: string, expiresAt: number, now: number): Promise<void> {
      await store.db.updateTable('desktop_services').set({ expires_at: expiresAt, updated_at: now }).where('agent_id', '=', agentId).execute();
    },

    async live(now: number): Promise<DesktopServiceRecord[]> {
      const rows = await store.db
        .selectFrom('desktop_services')
        .select(['agent_id', 'hostname', 'addr', 'labels'])
        .where('expires_at', '>', now)
        .orderBy('hostname')
        .orderBy('agent_id')
        .execute();
      return rows.map((r) => ({ agentId: r.agent_id, hostname: r.hostname, addr: r.addr, labels: JSON.parse(r.labels) as Record<string, string> }));
    },
  };
}

export type DesktopServiceRepo = ReturnType<typeof desktopServiceRepo>;
