import { apiPaths, compilePath, type RecordingEvent, type RecordingSummary, type SeekPoint } from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';
import type { RecordingSource } from './recording';

/** How much output one page of events may cover: large enough to play smoothly, small enough to stay light. */
export const pageBytes = 256 * 1024;

/** Where one recording's four playback endpoints are: a signed-in user's, or a share link's. */
export interface RecordingPaths {
  summary: string;
  events: string;
  seek: string;
  stream: string;
}

/** A session's recording, as a signed-in user reads it. */
export function sessionRecordingPaths(clusterId: string, sid: string): RecordingPaths {
  const params = { clusterId, sid };
  return {
    summary: compilePath(apiPaths.recording, params),
    events: compilePath(apiPaths.recordingEvents, params),
    seek: compilePath(apiPaths.recordingSeek, params),
    stream: compilePath(apiPaths.recordingStream, params),
  };
}

/** The recording a share link plays; the token in the path is the only credential. */
export function sharedRecordingPaths(token: string): RecordingPaths {
  const params = { token };
  return {
    summary: compilePath(apiPaths.sharedRecordingSummary, params),
    events: compilePath(apiPaths.sharedRecordingEvents, params),
    seek: compilePath(apiPaths.sharedRecordingSeek, params),
    stream: compilePath(apiPaths.sharedRecordingStream, params),
  };
}

/** A recording read from the gateway's playback endpoints at `paths`. */
export function httpSource(paths: RecordingPaths, gateway: Pick<GatewayAccess, 'api' | 'bearerToken'>): RecordingSource {
  const { api } = gateway;
  return {
    summary: () => api.get<RecordingSummary>(paths.summary),
    events: (page) => {
      const from = 'fromMs' in page ? `from=${page.fromMs}` : `startKey=${encodeURIComponent(page.startKey)}`;
      return api.get<{ events: RecordingEvent[]; startKey: string }>(
        `${paths.events}?${from}&limit=2000&bytes=${pageBytes}`,
      );
    },
    seek: (atMs) => api.get<SeekPoint>(`${paths.seek}?at=${Math.floor(atMs)}`),
    bytes: async (offset, length) => {
      // Output is binary, which the JSON client does not read; a GET needs only the bearer token.
      const token = gateway.bearerToken();
      const res = await fetch(`${paths.stream}?offset=${offset}&bytes=${length}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!res.ok) throw new Error(`${res.status} - ${res.url}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
