import type { RecordingEvent, RecordingSummary, SeekPoint } from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';
import type { RecordingSource } from './recording';

/** How much output one page of events may cover: large enough to play smoothly, small enough to stay light. */
export const pageBytes = 256 * 1024;

/** The playback endpoints of one session's recording. */
export function httpSource(clusterId: string, sid: string, gateway: GatewayAccess): RecordingSource {
  const { api } = gateway;
  const base = `/v1/webapi/sites/${encodeURIComponent(clusterId)}/sessions/${encodeURIComponent(sid)}/recording`;
  return {
    summary: () => api.get<RecordingSummary>(base),
    events: (page) => {
      const from = 'fromMs' in page ? `from=${page.fromMs}` : `startKey=${encodeURIComponent(page.startKey)}`;
      return api.get<{ events: RecordingEvent[]; startKey: string }>(
        `${base}/events?${from}&limit=2000&bytes=${pageBytes}`,
      );
    },
    seek: (atMs) => api.get<SeekPoint>(`${base}/seek?at=${Math.floor(atMs)}`),
    bytes: async (offset, length) => {
      // Output is binary, which the JSON client does not read; a GET needs only the bearer token.
      const token = gateway.bearerToken();
      const res = await fetch(`${base}/stream?offset=${offset}&bytes=${length}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!res.ok) throw new Error(`${res.status} - ${res.url}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
