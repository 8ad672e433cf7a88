import {
  apiPaths,
  EVENTS_FETCH_LIMIT,
  eventQueryPath,
  type AuditEvent,
  type EventSearchJson,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';
import type { KeysetPage } from '../../hooks/useKeysetPages';
import { presetRange, type AuditRange } from './auditRange';
import { listedEvent } from './listedEvent';

export const auditRangeAtom = atom<AuditRange>(presetRange('week'));

/** One page of the event search, EVENTS_FETCH_LIMIT at a time. */
export async function fetchEvents(
  clusterId: string,
  range: AuditRange,
  startKey?: string,
): Promise<KeysetPage<AuditEvent>> {
  const res = await api.get<EventSearchJson>(
    eventQueryPath(apiPaths.events, {
      clusterId,
      from: range.from,
      to: range.to,
      limit: EVENTS_FETCH_LIMIT,
      ...(startKey ? { startKey } : {}),
    }),
  );
  return { rows: res.events.map(listedEvent), startKey: res.startKey };
}
