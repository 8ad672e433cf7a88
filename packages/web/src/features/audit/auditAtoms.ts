import {
  apiPaths,
  EVENTS_FETCH_LIMIT,
  eventQueryPath,
  makeEvent,
  type AuditEvent,
  type RawEvent,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';
import { presetRange, type AuditRange } from './auditRange';

export const auditRangeAtom = atom<AuditRange>(presetRange('week'));

export interface AuditPage {
  events: AuditEvent[];
  /** Where the next page starts; empty on the last one. */
  startKey: string;
}

/** One page of the event search, EVENTS_FETCH_LIMIT at a time (spec §9). */
export async function fetchEvents(
  clusterId: string,
  range: AuditRange,
  startKey?: string,
): Promise<AuditPage> {
  const res = await api.get<{ events: RawEvent[]; startKey?: string }>(
    eventQueryPath(apiPaths.events, {
      clusterId,
      from: range.from,
      to: range.to,
      limit: EVENTS_FETCH_LIMIT,
      ...(startKey ? { startKey } : {}),
    }),
  );
  return { events: res.events.map(makeEvent), startKey: res.startKey ?? '' };
}
