import type { RecordingSearchHitJson } from '@portcullis/shared';
import type { SearchHitRow } from './repo';

/** How much of a matched line a hit carries. */
export const hitTextChars = 200;

export function searchHitJson(row: SearchHitRow, query: string): RecordingSearchHitJson {
  return {
    sid: row.sid,
    t: row.t,
    kind: row.kind,
    text: around(row.text, query),
    sessionStart: new Date(row.started_at).toISOString(),
    user: row.user,
    login: row.login,
    hostname: row.hostname,
    recordingType: row.recording_type,
  } satisfies RecordingSearchHitJson;
}

/** The line cut to hitTextChars with the match in the middle (or from the start, if case folding hides it). */
function around(text: string, query: string): string {
  if (text.length <= hitTextChars) return text;
  const at = Math.max(0, text.toLowerCase().indexOf(query.toLowerCase()));
  const start = Math.min(Math.max(0, at - Math.floor((hitTextChars - query.length) / 2)), text.length - hitTextChars);
  return text.slice(start, start + hitTextChars);
}
