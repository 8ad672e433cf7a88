import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import { apiPaths, recordingExportVersion, type RecordingExportHeader, type RecordingExportManifest } from '@portcullis/shared';
import { recordEvent } from '../../../management/audit/record';
import { conflict } from '../../../platform/access/errors';
import type { Gateway } from '../../../platform/server/context';
import { recordingParams, withReader } from '../routes';
import type { RecordingReader } from '../reader';
import type { RecordingStore } from '../store';
import { digest, eventLines, headerLine, manifestJson, recordingDigests } from './asciicast';

/**
 * A finished recording as an asciicast v2 download, with the gateway's signed manifest in its header. The events'
 * digest belongs in the header, which comes first, so the events are generated twice from the same reader (which
 * sees a fixed set of records): once to hash, once to send. Neither pass holds more than a page of them.
 */
export function exportRoutes(gw: Gateway, recordings: RecordingStore) {
  gw.route('GET', apiPaths.recordingExport, {
    access: { resource: 'session', verb: 'read' },
    params: recordingParams,
    handler: ({ params, identity, reply }) =>
      withReader(recordings, params.sid, async (r) => {
        // A session still running would change its files under the manifest's digests.
        if (!(await r.summary()).complete) throw conflict(`session ${params.sid} is still being recorded: export it once it has ended`);
        const { meta } = r;
        const header = { width: meta.cols, height: meta.rows, timestamp: Math.floor(Date.parse(meta.startTime) / 1000), title: `${meta.login}@${meta.serverHostname}` };
        const manifest: RecordingExportManifest = {
          version: recordingExportVersion,
          sid: meta.sid,
          clusterName: meta.clusterName,
          exportedBy: identity!.user.name,
          exportedAt: new Date(gw.now()).toISOString(),
          recording: await recordingDigests(path.join(recordings.root, params.sid)),
          eventsSha256: (await digest(eventLines(r))).sha256,
          header,
        };
        const signature = await (await gw.issuerKeys()).signDocument(Buffer.from(manifestJson(manifest)));
        const cast: RecordingExportHeader = { version: 2, ...header, portcullis: { manifest, signature } };
        await recordEvent(gw.store, 'RECORDING_EXPORT', { user: manifest.exportedBy, sid: meta.sid, events_sha256: manifest.eventsSha256 });
        const body = Readable.from(castFile(headerLine(cast), r));
        reply.type('application/x-asciicast').header('content-disposition', `attachment; filename="${meta.sid}.cast"`).header('cache-control', 'no-store');
        reply.send(body);
        // The reader closes when this returns: not before the download has read what it needs.
        await once(body, 'close');
        return reply;
      }),
  });
}

async function* castFile(header: string, r: RecordingReader): AsyncGenerator<string> {
  yield `${header}\n`;
  yield* eventLines(r);
}
