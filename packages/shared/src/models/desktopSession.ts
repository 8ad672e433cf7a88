import { z } from 'zod';

/**
 * The desktop sockets. The connect socket carries the desktop's own protocol (RFB, as noVNC speaks it) in
 * binary frames both ways; text frames are the gateway's JSON messages below, never passed to the RFB client.
 * The playback socket sends a recording's header, then its recorded chunks as binary frames, each an 8-byte
 * big-endian float64 (milliseconds since the session started) followed by the RFB bytes the desktop sent then.
 */

/** Gateway → browser once the desktop answered: the session, and what the roles allow in it. */
export const desktopSessionMessage = z.object({
  type: z.literal('session'),
  sid: z.string(),
  /** owner: keyboard and mouse reach the desktop; observer: a view only (joined from Active Sessions). */
  mode: z.enum(['owner', 'observer']),
  /** The session is being recorded (the roles' record_session.desktop). */
  recording: z.boolean(),
  /** Clipboard text may pass both ways (the roles' desktop_clipboard). */
  clipboard: z.boolean(),
});

/** Gateway → browser: why the desktop cannot be reached or the session ended; the socket closes after it. */
export const desktopErrorMessage = z.object({ type: z.literal('error'), message: z.string() });

export const desktopControlMessage = z.discriminatedUnion('type', [desktopSessionMessage, desktopErrorMessage]);
export type DesktopControlMessage = z.infer<typeof desktopControlMessage>;

/** Gateway → browser, first on the playback socket: what is being played. */
export const desktopRecordingMessage = z.object({
  type: z.literal('recording'),
  sid: z.string(),
  desktopName: z.string(),
  user: z.string(),
  /** When the session started (ISO 8601): playback times count from it. */
  startTime: z.string(),
  durationMs: z.number().nonnegative(),
});

/** Gateway → browser, last on the playback socket: every chunk has been sent. */
export const desktopRecordingEndMessage = z.object({ type: z.literal('end') });

export const desktopPlaybackMessage = z.discriminatedUnion('type', [desktopRecordingMessage, desktopRecordingEndMessage]);
export type DesktopPlaybackMessage = z.infer<typeof desktopPlaybackMessage>;

/** Bytes before the RFB bytes of a playback chunk: its time, a big-endian float64 of milliseconds. */
export const DESKTOP_CHUNK_HEADER_BYTES = 8;
