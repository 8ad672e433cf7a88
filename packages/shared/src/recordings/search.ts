/**
 * Search across every terminal recording's typed input and output. The gateway indexes text as recordings are
 * written; a hit names the session and the moment the text appeared, so the player can open right there.
 */

/** Shorter queries match nearly everything and cannot use the trigram index both engines keep. */
export const recordingSearchMinChars = 3;
export const recordingSearchMaxChars = 200;
/** Hits per page (the `limit` query defaults to this and may not exceed it). */
export const recordingSearchPageSize = 50;

/** What was matched: a line typed by a participant, or a line the terminal printed. */
export type RecordingTextKind = 'input' | 'output';

export interface RecordingSearchHitJson {
  sid: string;
  /** Milliseconds into the session at which the matched line appeared. */
  t: number;
  kind: RecordingTextKind;
  /** The matched line, cut to at most 200 characters around the match. */
  text: string;
  /** When the session started (ISO 8601). */
  sessionStart: string;
  /** Who opened the session, and where. */
  user: string;
  login: string;
  /** The node's host name, or the Kubernetes cluster for a pod's terminal. */
  hostname: string;
  recordingType: 'ssh' | 'k8s';
}

/** GET recordingSearch?query=&limit=&startKey= : newest sessions first, then by time in the session. */
export interface RecordingSearchJson {
  hits: RecordingSearchHitJson[];
  /** Pass back as startKey for the next page; empty on the last page. */
  startKey: string;
}
