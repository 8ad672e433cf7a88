import type { RawEvent } from '@portcullis/shared';
import type { TestGateway } from '../harness';

/** The audit events naming `user`, oldest first, as the gateway stored them. */
export async function eventsOf(gw: TestGateway, user: string): Promise<RawEvent[]> {
  const rows = await gw.server.store.db.selectFrom('events').select('data').where('username', '=', user).orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.data) as RawEvent);
}

/** The codes of `user`'s audit events from the `n`th on (so a test can look at what one step wrote). */
export const codesOf = async (gw: TestGateway, user: string, from = 0) => (await eventsOf(gw, user)).slice(from).map((e) => e.code);
