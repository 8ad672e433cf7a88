import {
  apiPaths,
  EVENTS_FETCH_LIMIT,
  makeRecording,
  recordingsQueryPath,
  type EventSearchJson,
  type Recording,
  type RecordingEventJson,
} from '@portcullis/shared';
import { api } from '../../client';
import type { KeysetPage } from '../../hooks/useKeysetPages';
import type { AuditRange } from '../audit/auditRange';

/** One page of session-end events as recording rows, EVENTS_FETCH_LIMIT at a time. */
export async function fetchRecordings(
  clusterId: string,
  range: AuditRange,
  startKey?: string,
): Promise<KeysetPage<Recording>> {
  const res = await api.get<EventSearchJson<RecordingEventJson>>(
    recordingsQueryPath(apiPaths.recordings, {
      clusterId,
      start: range.from,
      end: range.to,
      limit: EVENTS_FETCH_LIMIT,
      ...(startKey ? { startKey } : {}),
    }),
  );
  return { rows: res.events.map(makeRecording), startKey: res.startKey };
}
