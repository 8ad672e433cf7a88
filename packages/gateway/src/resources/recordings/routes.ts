import { apiPaths, type RecordingSummary } from '@portcullis/shared';
import { z, type ZodType } from 'zod';
import { badRequest, notFound } from '../../platform/access/errors';
import type { AccessRule } from '../../platform/access/authorize';
import type { RouteContext } from '../../platform/access/route';
import { recordEvent } from '../../management/audit/record';
import type { Gateway } from '../../platform/server/context';
import type { RecordingReader } from './reader';
import { InvalidSessionIdError, RecordingStore } from './store';

/** Caps on one answer, so a client cannot make the gateway read a whole recording into memory at once. */
export const maxEventsPerPage = 10_000;
export const maxBytesPerPage = 4 * 1024 * 1024;
export const maxStreamBytes = 4 * 1024 * 1024;

export const recordingParams = z.object({ clusterId: z.string().min(1), sid: z.string().min(1).max(64) });
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

/** Opens a session's recording for `use` and closes it after: 400 for an id that cannot be one, 404 when there is none. */
export async function withReader<T>(store: RecordingStore, sid: string, use: (reader: RecordingReader) => Promise<T>): Promise<T> {
  let reader;
  try {
    reader = await store.open(sid);
  } catch (err) {
    if (err instanceof InvalidSessionIdError) throw badRequest(err.message);
    throw err;
  }
  if (!reader) throw notFound(`no recording of session ${sid}`);
  try {
    return await use(reader);
  } finally {
    await reader.close();
  }
}

/** Answers when the session has a recording, throwing withReader's 400 or 404 otherwise. */
export const requireRecording = (store: RecordingStore, sid: string): Promise<void> => withReader(store, sid, async () => undefined);

/** The part of a recording a caller may play, in milliseconds from its start; an absent bound is the recording's own end. */
export interface PlaybackRange {
  fromMs?: number;
  toMs?: number;
}

/** What one call plays: a recording, and the range of it the caller may see. */
export interface Playable {
  sid: string;
  range: PlaybackRange;
}

type Caller<P> = Pick<RouteContext<unknown, unknown, P>, 'params' | 'identity' | 'req'>;

export interface PlaybackSpec<P, T extends Playable> {
  paths: { summary: string; events: string; seek: string; stream: string };
  access: AccessRule;
  params: ZodType<P>;
  /** Names the recording a call plays, or throws the caller's refusal. */
  resolve: (caller: Caller<P>) => Promise<T>;
  /** The player reads the summary once per viewing: that is when the access is audited. */
  viewed: (caller: Caller<P>, playable: T) => Promise<void>;
}

/**
 * Playback, streamed: the summary, pages of timed events, a seek point for any time (the nearest keyframe plus
 * the output to replay after it) and byte ranges of the output. Nothing here reads a whole recording, so the
 * player can start at once and seek anywhere in a long one. Everything is cut to the caller's range: nothing after
 * its end, and nothing before its start but the output the seek point to its start replays.
 */
export function playbackRoutes<P, T extends Playable>(gw: Gateway, store: RecordingStore, spec: PlaybackSpec<P, T>) {
  const { paths, access, params } = spec;
  const playing = async <R>(caller: Caller<P>, use: (reader: RecordingReader, range: PlaybackRange) => Promise<R>) => {
    const playable = await spec.resolve(caller);
    return withReader(store, playable.sid, (reader) => use(reader, playable.range));
  };
  // Output offsets bounding the range: from where the seek point to its start replays, to its end.
  const outputBounds = async (r: RecordingReader, range: PlaybackRange) => ({
    start: range.fromMs ? (await r.seekPoint(range.fromMs)).offset : 0,
    end: range.toMs === undefined ? Infinity : (await r.seekPoint(range.toMs)).endOffset,
  });

  gw.route('GET', paths.summary, {
    access,
    params,
    handler: async (ctx) => {
      const playable = await spec.resolve(ctx);
      const summary = await withReader(store, playable.sid, (r) => clampSummary(r, playable.range));
      await spec.viewed(ctx, playable);
      return summary;
    },
  });

  gw.route('GET', paths.events, {
    access,
    params,
    query: eventsQuery,
    handler: (ctx) =>
      playing(ctx, async (r, range) => {
        const q = ctx.query;
        const first = range.fromMs ? await r.firstAt(range.fromMs) : 0;
        const start = q.startKey !== undefined ? Math.max(first, Number(q.startKey)) : await r.firstAt(Math.max(q.from ?? 0, range.fromMs ?? 0));
        const page = await r.events(start, q.limit, q.bytes);
        const events = range.toMs === undefined ? page.events : page.events.filter((e) => e.t <= range.toMs!);
        const next = events.length < page.events.length ? null : page.next;
        return { events, startKey: next === null ? '' : String(next) };
      }),
  });

  gw.route('GET', paths.seek, {
    access,
    params,
    query: seekQuery,
    handler: (ctx) => playing(ctx, (r, range) => r.seekPoint(Math.min(Math.max(ctx.query.at, range.fromMs ?? 0), range.toMs ?? Infinity))),
  });

  gw.route('GET', paths.stream, {
    access,
    params,
    query: streamQuery,
    handler: (ctx) =>
      playing(ctx, async (r, range) => {
        const q = ctx.query;
        const bounds = await outputBounds(r, range);
        if (q.offset < bounds.start) throw badRequest(`query.offset: the shared part of this recording starts at byte ${bounds.start}`);
        const bytes = await r.read(q.offset, Math.max(0, Math.min(q.bytes, bounds.end - q.offset)));
        return ctx.reply.type('application/octet-stream').header('cache-control', 'no-store').send(bytes);
      }),
  });
}

/** A range ending before the recording does ends its playback there, as a recording complete at that moment. */
async function clampSummary(r: RecordingReader, range: PlaybackRange): Promise<RecordingSummary> {
  const summary = await r.summary();
  if (range.toMs === undefined || summary.durationMs <= range.toMs) return summary;
  return { ...summary, durationMs: range.toMs, bytes: (await r.seekPoint(range.toMs)).endOffset, complete: true };
}

/** Playback of SSH recordings for signed-in users whose roles may read sessions: the whole recording. */
export function recordingRoutes(gw: Gateway, store: RecordingStore) {
  playbackRoutes(gw, store, {
    paths: { summary: apiPaths.recording, events: apiPaths.recordingEvents, seek: apiPaths.recordingSeek, stream: apiPaths.recordingStream },
    access: { resource: 'session', verb: 'read' },
    params: recordingParams,
    resolve: async ({ params }) => ({ sid: params.sid, range: {} }),
    viewed: async ({ identity }, { sid }) => {
      await recordEvent(gw.store, 'SESSION_RECORDING_ACCESS', { user: identity!.user.name, sid });
    },
  });
}
