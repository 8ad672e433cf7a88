import { appendFile, readdir, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { recordEvent } from '../../management/audit/record';
import type { Store } from '../../platform/storage/store';
import { RECORD_SIZE, RecordKind, encodeRecord, files } from './format';
import type { RecordingStore } from './store';

/**
 * Closes the recordings of sessions a stopped gateway left open (a crash or kill -9): each gets its end record at
 * its last durable moment and a session.end event, so it appears in Session Recordings and plays up to there.
 * Run at start; `isLive` names sessions this gateway is already recording, which are left alone. Answers the
 * session ids it closed.
 */
export async function closeInterruptedRecordings(recordings: RecordingStore, store: Store, isLive: (sid: string) => boolean): Promise<string[]> {
  const sids = await readdir(recordings.root).catch(() => [] as string[]);
  const closed: string[] = [];
  for (const sid of sids) {
    if (isLive(sid)) continue;
    const reader = await recordings.open(sid).catch(() => undefined);
    if (!reader) continue;
    try {
      const summary = await reader.summary();
      if (summary.complete) continue;
      const end = Buffer.alloc(RECORD_SIZE);
      encodeRecord({ kind: RecordKind.end, t: summary.durationMs, offset: summary.bytes, a: 0, b: 0 }, end, 0);
      // A torn record left by the crash would misalign this one: cut the index back to whole records first.
      const index = path.join(recordings.root, sid, files.index);
      const { size } = await stat(index);
      await truncate(index, size - (size % RECORD_SIZE));
      await appendFile(index, end);
      const { meta } = reader;
      const stop = new Date(Date.parse(meta.startTime) + summary.durationMs).toISOString();
      await recordEvent(store, 'SESSION_END', {
        user: meta.user,
        sid,
        login: meta.login,
        server_id: meta.serverId,
        server_hostname: meta.serverHostname,
        namespace: 'default',
        participants: [meta.user],
        interactive: meta.interactive,
        session_recording: 'on',
        session_start: meta.startTime,
        session_stop: stop,
        error: 'the gateway stopped during the session; the recording ends at its last flush',
      });
      closed.push(sid);
    } finally {
      await reader.close();
    }
  }
  return closed;
}
