import { randomUUID } from 'node:crypto';
import { eventCatalogue, eventCodes, type RawEvent } from '@portcullis/shared';
import type { NewEvent } from '../../platform/storage/repos/events';
import type { Store } from '../../platform/storage/store';

export type EventName = keyof typeof eventCodes;

/**
 * Writes one audit event from the shared catalogue. Pass the transaction that makes the change, so the change
 * and its event commit or roll back together.
 */
export async function recordEvent(store: Store, name: EventName, fields: Omit<RawEvent, 'code' | 'event' | 'time'>, now = Date.now()): Promise<RawEvent> {
  const event = auditEvent(name, fields, now);
  await store.events.insert(event);
  return event.data;
}

/** An audit event from the shared catalogue as storage inserts it, for writing many at once (store.events.insertMany). */
export function auditEvent(name: EventName, fields: Omit<RawEvent, 'code' | 'event' | 'time'>, now = Date.now()): NewEvent {
  const code = eventCodes[name];
  const definition = eventCatalogue[code];
  if (!definition) throw new Error(`audit code ${code} (${name}) is missing from the shared catalogue`);
  const event: RawEvent = { ...fields, event: definition.type, code, time: new Date(now).toISOString(), uid: randomUUID() };
  return { time: now, type: event.event, code, username: typeof event.user === 'string' ? event.user : '', data: event };
}
