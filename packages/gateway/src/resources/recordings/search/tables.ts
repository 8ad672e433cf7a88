import type { Generated } from 'kysely';

/** A recorded terminal session as search hits show it: written once, when its recording starts. */
export interface RecordingTextSessionRow {
  sid: string;
  started_at: number;
  user: string;
  login: string;
  /** The node's host name, or the Kubernetes cluster for a pod's terminal. */
  hostname: string;
  recording_type: 'ssh' | 'k8s';
}

/** One line a participant typed or the terminal printed, with when it began (ms into the session). */
export interface RecordingTextLineRow {
  id: Generated<number>;
  sid: string;
  t: number;
  kind: 'input' | 'output';
  text: string;
}

export interface RecordingSearchTables {
  recording_text_sessions: RecordingTextSessionRow;
  recording_text_lines: RecordingTextLineRow;
}
