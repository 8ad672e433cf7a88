import type { RecordingSource } from '@portcullis/console-kit';
import { makeRecording, type Recording, type RecordingEventJson } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { fetchRecordings } from '../recordings/recordingsApi';

/** What the player's header says about the session a recording is of. */
export interface RecordingDetails {
  started: Date;
  /** Unknown while a database session is still open. */
  durationMs?: number;
  /** From the session's end event, once found: who was in it and what it ran on (node, desktop or database). */
  session?: Pick<Recording, 'users' | 'hostname'>;
}

/**
 * The gateway writes a session's end event just after its last output; its time is the session's stop
 * time, give or take the write.
 */
const endEventSlackMs = 60_000;

/**
 * The details of the session recorded in `source`: its start and length from the recording's summary, then its
 * users and node from the session's end event, looked up in the recordings of the time the session ran. A
 * session still running has no end event yet, so its details stop at start and length.
 */
export function useRecordingDetails(clusterId: string, sid: string, source: RecordingSource) {
  const [details, setDetails] = useState<RecordingDetails>();
  useEffect(() => {
    let current = true;
    const load = async () => {
      const summary = await source.summary();
      const started = new Date(summary.startTime);
      if (current) setDetails({ started, durationMs: summary.durationMs });
      const to = new Date(started.getTime() + summary.durationMs + endEventSlackMs);
      const { rows } = await fetchRecordings(clusterId, { preset: 'custom', from: started, to });
      const session = rows.find((r) => r.sid === sid);
      if (current && session) setDetails({ started, durationMs: summary.durationMs, session });
    };
    // The player reports a recording it cannot read; the header then simply has no details to add.
    load().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [clusterId, sid, source]);
  return details;
}

/**
 * A session's details from its end event, or from anything shaped like one that says when the session
 * started (a database session's statements do), named as the recordings list names them.
 */
export function sessionEndDetails(end: RecordingEventJson & { session_start: string }): RecordingDetails {
  const session = makeRecording(end);
  return {
    started: new Date(end.session_start),
    ...(end.session_stop ? { durationMs: session.duration } : {}),
    session,
  };
}
