import {
  apiPaths,
  compilePath,
  EVENTS_FETCH_LIMIT,
  makeRecording,
  queryString,
  recordingSearchPageSize,
  recordingsQueryPath,
  type EventSearchJson,
  type Recording,
  type RecordingEventJson,
  type RecordingSearchHitJson,
  type RecordingSearchJson,
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

/** One page of lines typed or printed in any recording that contain `query`, newest sessions first. */
export async function searchRecordings(
  clusterId: string,
  query: string,
  startKey?: string,
): Promise<KeysetPage<RecordingSearchHitJson>> {
  const res = await api.get<RecordingSearchJson>(
    compilePath(apiPaths.recordingSearch, { clusterId }) + queryString({ query, limit: recordingSearchPageSize, startKey }),
  );
  return { rows: res.hits, startKey: res.startKey };
}
