import { z } from 'zod';
import { badRequest, notFound } from '../../platform/access/errors';
import { recordEvent } from '../../management/audit/record';
import type { Gateway } from '../../platform/server/context';
import type { RecordingReader } from './reader';
import { InvalidSessionIdError, RecordingStore } from './store';

/** Caps on one answer, so a client cannot make the gateway read a whole recording into memory at once. */
export const maxEventsPerPage = 10_000;
export const maxBytesPerPage = 4 * 1024 * 1024;
export const maxStreamBytes = 4 * 1024 * 1024;

const params = z.object({ clusterId: z.string().min(1), sid: z.string().min(1).max(64) });
const count = (max: number, fallback: number) => z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`).default(fallback);
const position = z.coerce.number().int('must be a whole number').min(0, 'must not be negative');

const eventsQuery = z
  .object({
    /** Milliseconds into the session to start from, or the startKey of the previous page. */
    from: position.optional(),
    startKey: z.string().regex(/^\d{1,12}$/, 'is not a start key this server returned').optional(),
    limit: count(maxEventsPerPage, 1000),
    bytes: count(maxBytesPerPage, 256 * 1024),
  })
  .strict();
const seekQuery = z.object({ at: position }).strict();
const streamQuery = z.object({ offset: position, bytes: count(maxStreamBytes, 256 * 1024) }).strict();

/**
 * Playback of SSH recordings, streamed: the summary, pages of timed events, a seek point for any time (the
 * nearest keyframe plus the output to replay after it) and byte ranges of the output. Nothing here reads a
 * whole recording, so the player can start at once and seek anywhere in a long one.
 */
export function recordingRoutes(gw: Gateway, store: RecordingStore) {
  const base = '/v1/webapi/sites/:clusterId/sessions/:sid/recording';
  const access = { resource: 'session', verb: 'read' } as const;

  async function withReader<T>(p: z.infer<typeof params>, use: (reader: RecordingReader) => Promise<T>): Promise<T> {
    let reader;
    try {
      reader = await store.open(p.sid);
    } catch (err) {
      if (err instanceof InvalidSessionIdError) throw badRequest(err.message);
      throw err;
    }
    if (!reader) throw notFound(`no recording of session ${p.sid}`);
    try {
      return await use(reader);
    } finally {
      await reader.close();
    }
  }

  // The player reads the summary once per viewing: that is when the access is audited.
  gw.route('GET', base, {
    access,
    params,
    handler: ({ params: p, identity }) =>
      withReader(p, async (r) => {
        const summary = await r.summary();
        await recordEvent(gw.store, 'SESSION_RECORDING_ACCESS', { user: identity!.user.name, sid: p.sid });
        return summary;
      }),
  });

  gw.route('GET', `${base}/events`, {
    access,
    params,
    query: eventsQuery,
    handler: ({ params: p, query: q }) =>
      withReader(p, async (r) => {
        const start = q.startKey !== undefined ? Number(q.startKey) : await r.firstAt(q.from ?? 0);
        const page = await r.events(start, q.limit, q.bytes);
        return { events: page.events, startKey: page.next === null ? '' : String(page.next) };
      }),
  });

  gw.route('GET', `${base}/seek`, { access, params, query: seekQuery, handler: ({ params: p, query: q }) => withReader(p, (r) => r.seekPoint(q.at)) });

  gw.route('GET', `${base}/stream`, {
    access,
    params,
    query: streamQuery,
    handler: ({ params: p, query: q, reply }) =>
      withReader(p, async (r) => {
        const bytes = await r.read(q.offset, q.bytes);
        return reply.type('application/octet-stream').header('cache-control', 'no-store').send(bytes);
      }),
  });
}
