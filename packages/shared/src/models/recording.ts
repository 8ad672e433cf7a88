import { durationText } from '../format/duration';

export type RecordingType = 'ssh' | 'k8s' | 'desktop' | 'database';

/** A session-end event from events/search/sessions (ssh, kube, desktop or database). */
export interface RecordingEventJson {
  event: string;
  sid: string;
  time: string;
  session_start?: string;
  session_stop?: string;
  start_time?: string;
  end_time?: string;
  participants?: string[];
  user?: string;
  server_hostname?: string;
  kubernetes_cluster?: string;
  desktop_name?: string;
  /** The database a database session was on. */
  db_service?: string;
  interactive?: boolean;
  session_recording?: string;
  recorded?: boolean;
}

export interface Recording {
  duration: number;
  durationText: string;
  sid: string;
  createdDate: Date;
  users: string;
  hostname: string;
  description: string;
  recordingType: RecordingType;
  playable: boolean;
}

export const RecordingDescription = {
  play: 'play',
  nonInteractive: 'non-interactive',
  disabled: 'recording disabled',
} as const;

const desktopEndEvent = 'windows.desktop.session.end';
const databaseEndEvent = 'db.session.end';

function describe(json: RecordingEventJson, type: RecordingType): { description: string; playable: boolean } {
  // A database session's statements are always in the audit log, so its playback is always there.
  if (type === 'database') return { description: RecordingDescription.play, playable: true };
  // A desktop recording plays only if it was recorded.
  if (type === 'desktop') {
    return json.recorded
      ? { description: RecordingDescription.play, playable: true }
      : { description: RecordingDescription.disabled, playable: false };
  }
  // ssh and kube sessions play when interactive and recording was not off.
  if (json.session_recording === 'off') return { description: RecordingDescription.disabled, playable: false };
  if (!json.interactive) return { description: RecordingDescription.nonInteractive, playable: false };
  return { description: RecordingDescription.play, playable: true };
}

export function makeRecording(json: RecordingEventJson): Recording {
  const type: RecordingType =
    json.event === desktopEndEvent ? 'desktop' : json.event === databaseEndEvent ? 'database' : json.kubernetes_cluster ? 'k8s' : 'ssh';
  const start = new Date(json.session_start ?? json.start_time ?? json.time);
  const stop = new Date(json.session_stop ?? json.end_time ?? json.time);
  const duration = Math.max(0, stop.getTime() - start.getTime());
  const users = json.participants?.length ? json.participants : json.user ? [json.user] : [];
  const hostname =
    type === 'desktop'
      ? (json.desktop_name ?? '')
      : type === 'database'
        ? (json.db_service ?? '')
        : type === 'k8s'
          ? (json.kubernetes_cluster ?? '')
          : (json.server_hostname ?? '');
  return {
    duration,
    durationText: durationText(duration),
    sid: json.sid,
    createdDate: new Date(json.time),
    users: users.join(', '),
    hostname,
    recordingType: type,
    ...describe(json, type),
  };
}
