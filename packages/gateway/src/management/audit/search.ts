import type { EventSearchJson } from '@portcullis/shared';
import type { EventKey } from '../../platform/storage/repos/events';
import type { Store } from '../../platform/storage/store';
import { encodeCursor } from './cursor';

export interface EventSearch {
  from?: number | undefined;
  to?: number | undefined;
  limit: number;
  startKey?: EventKey | undefined;
  types?: string[] | undefined;
  order: 'asc' | 'desc';
}

/** One page of the audit log, answering {events, startKey} with an empty startKey on the last page. */
export async function searchEvents(store: Store, q: EventSearch, now: number) {
  const page = await store.events.search({
    from: q.from ?? 0,
    to: q.to ?? now,
    limit: q.limit,
    order: q.order,
    after: q.startKey,
    types: q.types,
  });
  return { events: page.events.map((e) => e.data), startKey: page.next ? encodeCursor(page.next) : '' } satisfies EventSearchJson;
}

/** Event types that end a recorded session: what the recordings list pages through. */
export const sessionEndTypes = ['session.end', 'windows.desktop.session.end', 'db.session.end'];
