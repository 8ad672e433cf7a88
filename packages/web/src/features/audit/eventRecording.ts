import {
  eventCodes,
  makeRecording,
  playerPath,
  type AuditEvent,
  type RecordingEventJson,
} from '@portcullis/shared';

const sessionEnds: string[] = [eventCodes.SESSION_END, eventCodes.DESKTOP_SESSION_ENDED];

/**
 * The player address of the recording an event ends, when there is one to play. A session-end event
 * carries what the recordings list reads, so whether it plays is decided by the same rules.
 */
export function eventPlayerPath(clusterId: string, event: AuditEvent): string | undefined {
  if (!sessionEnds.includes(event.code) || !event.raw.sid) return undefined;
  const recording = makeRecording(event.raw as unknown as RecordingEventJson);
  if (!recording.playable) return undefined;
  return playerPath({ clusterId, sid: recording.sid, recordingType: recording.recordingType });
}
