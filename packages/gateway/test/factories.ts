import { eventCodes, eventCatalogue } from '@portcullis/shared';
import type { NewEvent } from '../src/platform/storage/repos/events';

/**
 * `count` audit events, one per `stepMs` from `start`, cycling through a few catalogue codes. Several share
 * each timestamp when `perTime` > 1, so paging must break ties by id.
 */
export function makeEvents(count: number, opts: { start?: number; stepMs?: number; perTime?: number } = {}): NewEvent[] {
  const { start = Date.UTC(2025, 0, 1), stepMs = 1000, perTime = 1 } = opts;
  const codes = [eventCodes.USER_LOCAL_LOGIN, eventCodes.SESSION_START, eventCodes.SESSION_END, eventCodes.ROLE_CREATED];
  return Array.from({ length: count }, (_, i) => {
    const code = codes[i % codes.length]!;
    const type = eventCatalogue[code]!.type;
    const time = start + Math.floor(i / perTime) * stepMs;
    const user = `user${i % 7}`;
    return { time, type, code, username: user, data: { event: type, code, time: new Date(time).toISOString(), uid: `seq-${i}`, user, seq: i } };
  });
}

/** Inserts events in batches small enough for SQLite's bound-parameter limit. */
export async function insertEvents(store: { events: { insertMany(e: NewEvent[]): Promise<void> } }, events: NewEvent[], batch = 500) {
  for (let i = 0; i < events.length; i += batch) await store.events.insertMany(events.slice(i, i + batch));
}
