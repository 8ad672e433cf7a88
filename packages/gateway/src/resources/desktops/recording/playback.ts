import { websocketPaths, type DesktopControlMessage, type DesktopPlaybackMessage } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { recordEvent } from '../../../management/audit/record';
import { clusterParams } from '../../../platform/clusters/schemas';
import type { Gateway } from '../../../platform/server/context';
import { encodePlaybackChunk } from './playbackFrame';
import type { DesktopRecordingReader } from './reader';
import type { DesktopRecordingStore } from './store';

/** Bytes sent to the socket but not yet written to its connection, past which the file is not read further. */
const maxInFlightBytes = 1024 * 1024;

const playbackParams = clusterParams
  .extend({ sid: z.uuid('not a desktop session id: sessions are named by a UUID') })
  .strict();
const playbackQuery = z.object({ access_token: z.string().min(1) });

type Outgoing = DesktopPlaybackMessage | Extract<DesktopControlMessage, { type: 'error' }>;

/**
 * Sends binary frames, resolving once the socket can take more: while more than maxInFlightBytes are queued
 * the caller waits, so a slow browser slows the reading of the recording instead of filling the gateway's memory.
 */
function paced(socket: WebSocket): (frame: Buffer) => Promise<void> {
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const resume = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  socket.once('close', resume);
  return async (frame) => {
    inFlight += frame.length;
    socket.send(frame, { binary: true }, () => {
      inFlight -= frame.length;
      if (inFlight <= maxInFlightBytes / 4) resume();
    });
    if (inFlight > maxInFlightBytes && socket.readyState === socket.OPEN)
      await new Promise<void>((resolve) => (wake = resolve));
  };
}

async function play(
  socket: WebSocket,
  reader: DesktopRecordingReader,
  send: (message: Outgoing) => void,
): Promise<void> {
  const { sid, desktopName, user, startedAt } = reader.meta;
  send({ type: 'recording', sid, desktopName, user, startTime: new Date(startedAt).toISOString(), durationMs: await reader.durationMs() });
  const sendFrame = paced(socket);
  for await (const chunk of reader.chunks()) {
    if (socket.readyState !== socket.OPEN) return;
    await sendFrame(encodePlaybackChunk(chunk));
  }
  send({ type: 'end' });
  if (socket.readyState === socket.OPEN) socket.close(1000, 'end of recording');
}

/**
 * The desktop playback socket (desktopPlaybackSocketUrl): who may read SSH recordings may play desktop ones, and
 * each viewing is audited. The recording's header comes first, then every chunk as recorded, then the end; an
 * unknown session or an unreadable recording is answered with an error message before the socket closes.
 */
export function desktopRecordingRoutes(gw: Gateway, recordings: Pick<DesktopRecordingStore, 'open'>): void {
  gw.socket(websocketPaths.desktopPlayback, {
    access: { resource: 'session', verb: 'read' },
    params: playbackParams,
    query: playbackQuery,
    handler: async (socket, { identity, params }) => {
      socket.on('error', () => undefined); // a browser that leaves mid-frame is handled by 'close'
      const send = (message: Outgoing) =>
        socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
      const refuse = (message: string) => {
        send({ type: 'error', message });
        socket.close(1000, 'refused');
      };
      let reader: DesktopRecordingReader | undefined;
      try {
        reader = await recordings.open(params.sid);
      } catch (err) {
        return refuse(
          `the recording of desktop session ${params.sid} cannot be read: ${(err as Error).message}`,
        );
      }
      if (!reader) return refuse(`no recording of desktop session ${params.sid}`);
      try {
        await recordEvent(gw.store, 'SESSION_RECORDING_ACCESS', {
          user: identity!.user.name,
          sid: params.sid,
        });
        await play(socket, reader, send);
      } catch (err) {
        refuse(`the recording of desktop session ${params.sid} cannot be read: ${(err as Error).message}`);
      } finally {
        await reader.close();
      }
    },
  });
}
