import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  compilePath,
  DESKTOP_CHUNK_HEADER_BYTES,
  desktopPlaybackMessage,
  desktopErrorMessage,
  queryString,
  websocketPaths,
} from '@portcullis/shared';
import WebSocket from 'ws';
import { END_RECORD_BYTES, RECORD_HEADER_BYTES } from '../../src/resources/desktops/recording/format';
import { encodePlaybackChunk } from '../../src/resources/desktops/recording/playbackFrame';
import type { RecordedChunk } from '../../src/resources/desktops/recording/reader';
import type { DesktopRecordingMeta } from '../../src/resources/desktops/recording/recorder';
import { DesktopRecordingStore } from '../../src/resources/desktops/recording/store';
import type { RecordingFile } from '../../src/resources/desktops/recording/writer';
import { eventsWithCode } from '../apps/fixtures';
import { startGateway, type Client, type TestGateway } from '../harness';
import { eventually } from '../servers/fixtures';

const MiB = 1024 * 1024;
const startedAt = Date.UTC(2026, 0, 1);
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'desktop-recording-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const metaFor = (sid: string = randomUUID()): DesktopRecordingMeta => ({
  sid,
  desktopName: 'win-01',
  user: 'alice',
  startedAt,
});

/** Chunks of 1 byte to 1 MiB, including sizes either side of the reader's 64 KiB block, 7 ms apart. */
function sampleChunks(): RecordedChunk[] {
  const sizes = [1, 2, 13, 100, 4096, 65_535, 65_536, 65_537, 70_000];
  const chunks = Array.from({ length: 180 }, (_, i) => ({
    offsetMs: i * 7,
    bytes: randomBytes(sizes[i % sizes.length]!),
  }));
  for (const i of [0, 90, 179]) chunks[i]!.bytes = randomBytes(MiB);
  return chunks;
}

async function readAll(store: DesktopRecordingStore, sid: string) {
  const reader = await store.open(sid);
  if (!reader) throw new Error(`no recording of ${sid}`);
  try {
    const chunks: RecordedChunk[] = [];
    for await (const c of reader.chunks()) chunks.push({ offsetMs: c.offsetMs, bytes: Buffer.from(c.bytes) });
    return { meta: reader.meta, durationMs: await reader.durationMs(), chunks };
  } finally {
    await reader.close();
  }
}

/** A file whose writes fail or wait, as the test says; it keeps what was handed to it. */
function fakeFile(onWrite: (batch: number) => Promise<void>) {
  const batches: number[] = [];
  const file: RecordingFile = {
    writev: async (buffers) => {
      const bytes = buffers.reduce((n, b) => n + b.byteLength, 0);
      batches.push(bytes);
      await onWrite(batches.length);
      return { bytesWritten: bytes, buffers };
    },
    datasync: async () => undefined,
    close: async () => undefined,
  };
  return { file, batches };
}

describe('desktop recording files', () => {
  test('every chunk, from 1 byte to 1 MiB, reads back in order with its offset, and the duration is the close time', async () => {
    const store = new DesktopRecordingStore(tempDir(), { now: () => startedAt + 5_000 });
    const meta = metaFor();
    const recorder = store.start(meta);
    const chunks = sampleChunks();
    for (const c of chunks) recorder.write(c.bytes, startedAt + c.offsetMs);
    recorder.write(Buffer.alloc(0), startedAt + 4_000);
    expect(await recorder.close()).toBe(true);

    const read = await readAll(store, meta.sid);
    expect(read.meta).toEqual(meta);
    expect(read.durationMs).toBe(5_000);
    expect(read.chunks.map((c) => c.offsetMs)).toEqual(chunks.map((c) => c.offsetMs));
    expect(read.chunks.map((c) => c.bytes.length)).toEqual(chunks.map((c) => c.bytes.length));
    read.chunks.forEach((c, i) => expect(c.bytes.equals(chunks[i]!.bytes)).toBe(true));
    expect(readdirSync(store.root)).toEqual([`${meta.sid}.rfbrec`]);
  });

  test('offsets never go back when the clock does, and start at 0', async () => {
    const store = new DesktopRecordingStore(tempDir(), { now: () => startedAt + 100 });
    const meta = metaFor();
    const recorder = store.start(meta);
    for (const at of [startedAt - 50, startedAt + 30, startedAt + 20, startedAt + 40])
      recorder.write(Buffer.from([1]), at);
    expect(await recorder.close()).toBe(true);
    expect((await readAll(store, meta.sid)).chunks.map((c) => c.offsetMs)).toEqual([0, 30, 30, 40]);
  });

  test('a recording cut short by a crash plays to its last whole chunk, and lasts until it', async () => {
    const store = new DesktopRecordingStore(tempDir(), { now: () => startedAt + 9_000 });
    const meta = metaFor();
    const recorder = store.start(meta);
    const chunks = [10, 20, 30].map((offsetMs) => ({ offsetMs, bytes: randomBytes(1000) }));
    for (const c of chunks) recorder.write(c.bytes, startedAt + c.offsetMs);
    expect(await recorder.close()).toBe(true);
    const file = path.join(store.root, `${meta.sid}.rfbrec`);

    truncateSync(file, statSync(file).size - END_RECORD_BYTES);
    let read = await readAll(store, meta.sid);
    expect(read.durationMs).toBe(30);
    expect(read.chunks.map((c) => c.offsetMs)).toEqual([10, 20, 30]);

    truncateSync(file, statSync(file).size - 5);
    read = await readAll(store, meta.sid);
    expect(read.durationMs).toBe(20);
    expect(read.chunks.map((c) => c.offsetMs)).toEqual([10, 20]);
    expect(read.chunks[1]!.bytes.equals(chunks[1]!.bytes)).toBe(true);

    truncateSync(file, statSync(file).size - 1000 - RECORD_HEADER_BYTES + 3);
    expect((await readAll(store, meta.sid)).chunks.map((c) => c.offsetMs)).toEqual([10]);
  });

  test('chunks reach the disk within the flush interval, and at once past 1 MiB, before close', async () => {
    const store = new DesktopRecordingStore(tempDir(), { flushIntervalMs: 200 });
    const meta = metaFor();
    const file = path.join(store.root, `${meta.sid}.rfbrec`);
    const recorder = store.start(meta);
    recorder.write(Buffer.from('hello'), startedAt + 1);
    await eventually(
      async () => (await readAll(store, meta.sid).catch(() => undefined))?.chunks.length === 1,
      'the first chunk on disk',
      5_000,
    );
    expect(await recorder.close()).toBe(true);

    const slow = new DesktopRecordingStore(tempDir(), { flushIntervalMs: 60_000 });
    const big = metaFor();
    const bigRecorder = slow.start(big);
    bigRecorder.write(randomBytes(MiB), startedAt + 2);
    const bigFile = path.join(slow.root, `${big.sid}.rfbrec`);
    await eventually(
      async () => (await readAll(slow, big.sid).catch(() => undefined))?.chunks.length === 1,
      'the 1 MiB chunk on disk',
      5_000,
    );
    expect(statSync(bigFile).size).toBeGreaterThan(MiB);
    expect(await bigRecorder.close()).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(0);
  });

  test('a recording whose directory cannot be made fails at close, and write() never throws', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'recordings'));
    writeFileSync(path.join(dataDir, 'recordings', 'desktop'), 'not a directory');
    const store = new DesktopRecordingStore(dataDir);
    const recorder = store.start(metaFor());
    expect(() => recorder.write(randomBytes(100), startedAt + 1)).not.toThrow();
    expect(await recorder.close()).toBe(false);
    expect(() => recorder.write(randomBytes(100), startedAt + 2)).not.toThrow();
  });

  test('a session id that is not a UUID fails the recording instead of naming a file', async () => {
    const dataDir = tempDir();
    const store = new DesktopRecordingStore(dataDir);
    const recorder = store.start(metaFor('../../escape'));
    recorder.write(Buffer.from('x'), startedAt);
    expect(await recorder.close()).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(await store.open('../../escape')).toBeUndefined();
  });

  test('a failing write stops the recording: later chunks are dropped and close() resolves false', async () => {
    const { file, batches } = fakeFile(async (n) => {
      if (n === 2) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
    });
    const store = new DesktopRecordingStore(tempDir(), { flushBytes: 1000, create: async () => file });
    const recorder = store.start(metaFor());
    recorder.write(randomBytes(2000), startedAt + 1);
    await eventually(async () => batches.length === 1, 'the first batch');
    recorder.write(randomBytes(2000), startedAt + 2);
    await eventually(async () => batches.length === 2, 'the failing batch');
    recorder.write(randomBytes(2000), startedAt + 3);
    expect(await recorder.close()).toBe(false);
    expect(batches).toEqual([2000 + RECORD_HEADER_BYTES, 2000 + RECORD_HEADER_BYTES]);
  });

  test('a disk that falls more than the backlog behind stops the recording rather than holding more', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const { file, batches } = fakeFile(() => stuck);
    const store = new DesktopRecordingStore(tempDir(), {
      flushBytes: 256 * 1024,
      maxBacklogBytes: MiB,
      create: async () => file,
    });
    const recorder = store.start(metaFor());
    recorder.write(randomBytes(512 * 1024), startedAt + 1);
    await eventually(async () => batches.length === 1, 'the first batch handed to the disk');
    for (let i = 0; i < 8; i++) recorder.write(randomBytes(512 * 1024), startedAt + 2 + i);
    const closed = recorder.close();
    release();
    expect(await closed).toBe(false);
    expect(batches).toEqual([512 * 1024 + RECORD_HEADER_BYTES]);
  });
});

test('a playback frame is the offset as a big-endian float64, then the bytes', () => {
  const bytes = Buffer.from([0, 1, 2, 250, 255]);
  const frame = encodePlaybackChunk({ offsetMs: 1234.5, bytes });
  expect(DESKTOP_CHUNK_HEADER_BYTES).toBe(8);
  expect(frame.length).toBe(DESKTOP_CHUNK_HEADER_BYTES + bytes.length);
  expect(frame.readDoubleBE(0)).toBe(1234.5);
  expect(
    frame.subarray(0, DESKTOP_CHUNK_HEADER_BYTES).equals(Buffer.from([0x40, 0x93, 0x4a, 0, 0, 0, 0, 0])),
  ).toBe(true);
  expect(frame.subarray(DESKTOP_CHUNK_HEADER_BYTES).equals(bytes)).toBe(true);
});

function openPlayback(gw: TestGateway, client: Client, sid: string): WebSocket {
  const url =
    gw.url.replace(/^http/, 'ws') +
    compilePath(websocketPaths.desktopPlayback, { clusterId: 'localhost', sid }) +
    queryString({ access_token: client.session!.token });
  return new WebSocket(url, { headers: { cookie: client.cookieHeader() } });
}

/** Everything the playback socket sent `client` until it closed, or the HTTP status it was refused with. */
async function playback(gw: TestGateway, client: Client, sid: string) {
  const socket = openPlayback(gw, client, sid);
  const texts: unknown[] = [];
  const frames: Buffer[] = [];
  const order: ('text' | 'binary')[] = [];
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    order.push(isBinary ? 'binary' : 'text');
    if (isBinary) frames.push(data);
    else texts.push(JSON.parse(data.toString()));
  });
  return new Promise<{ status?: number; code?: number; texts: unknown[]; frames: Buffer[]; order: string[] }>(
    (resolve, reject) => {
      socket.once('unexpected-response', (_req, res) =>
        resolve({ status: res.statusCode, texts, frames, order }),
      );
      socket.once('close', (code) => resolve({ code, texts, frames, order }));
      socket.once('error', reject);
    },
  );
}

describe('the desktop playback socket', () => {
  let gw: TestGateway;
  let store: DesktopRecordingStore;
  let auditor: Client & { name: string };
  const meta = metaFor();
  const chunks = sampleChunks().slice(0, 40);
  /** Chunks the gateway has read from each recording so far. */
  const reads = new Map<string, number>();

  const record = async (m: DesktopRecordingMeta, recorded: RecordedChunk[]) => {
    const recorder = store.start(m);
    for (const c of recorded) recorder.write(c.bytes, startedAt + c.offsetMs);
    expect(await recorder.close()).toBe(true);
  };

  beforeAll(async () => {
    store = new DesktopRecordingStore(tempDir(), { now: () => startedAt + 60_000, maxBacklogBytes: 128 * MiB });
    // The store the gateway plays from, counting the chunks it reads (the backpressure test's measure).
    const counted = async (sid: string) => {
      const reader = await store.open(sid);
      if (!reader) return undefined;
      const chunksOf = reader.chunks.bind(reader);
      reader.chunks = async function* () {
        for await (const c of chunksOf()) {
          reads.set(sid, (reads.get(sid) ?? 0) + 1);
          yield c;
        }
      };
      return reader;
    };
    gw = await startGateway({ resources: { desktopRecordings: { start: (m) => store.start(m), open: counted } } });
    await record(meta, chunks);
    auditor = await gw.signIn({ roles: ['auditor'] });
  });
  afterAll(() => gw.close());

  test('streams the header, every chunk in order with its offset, then the end, and audits the viewing', async () => {
    const played = await playback(gw, auditor, meta.sid);
    expect(played.code).toBe(1000);
    expect(played.order).toEqual(['text', ...chunks.map(() => 'binary'), 'text']);
    expect(played.texts.map((t) => desktopPlaybackMessage.parse(t))).toEqual([
      { type: 'recording', sid: meta.sid, desktopName: 'win-01', user: 'alice', startTime: '2026-01-01T00:00:00.000Z', durationMs: 60_000 },
      { type: 'end' },
    ]);
    expect(played.frames.map((f) => f.readDoubleBE(0))).toEqual(chunks.map((c) => c.offsetMs));
    played.frames.forEach((f, i) =>
      expect(f.subarray(DESKTOP_CHUNK_HEADER_BYTES).equals(chunks[i]!.bytes)).toBe(true),
    );
    const audited = await eventsWithCode(gw, 'T2012I');
    expect(audited.filter((e) => e.sid === meta.sid).map((e) => ({ user: e.user, event: e.event }))).toEqual([
      { user: auditor.name, event: 'session.recording.access' },
    ]);
  });

  test('the recording is read no faster than the browser takes it', async () => {
    const long = metaFor();
    const recorded = Array.from({ length: 64 }, (_, i) => ({ offsetMs: i * 40, bytes: randomBytes(MiB) }));
    await record(long, recorded);
    const socket = openPlayback(gw, auditor, long.sid);
    const offsets: number[] = [];
    socket.on('message', (data: Buffer, isBinary: boolean) => isBinary && offsets.push(data.readDoubleBE(0)));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.pause();
    // The gateway has stalled once the count of chunks it read stays put for a second.
    let seen = -1;
    let since = Date.now();
    const stalledAt = await eventually(
      async () => {
        const n = reads.get(long.sid) ?? 0;
        if (n !== seen) [seen, since] = [n, Date.now()];
        return n > 0 && Date.now() - since >= 1000 && n;
      },
      'the gateway to stop reading while the browser does not',
      20_000,
    );
    expect(stalledAt).toBeLessThan(recorded.length / 2);
    expect(offsets.length).toBeLessThanOrEqual(stalledAt);
    socket.resume();
    expect(await closed).toBe(1000);
    expect(offsets).toEqual(recorded.map((c) => c.offsetMs));
    expect(reads.get(long.sid)).toBe(recorded.length);
  });

  test('an unknown session is answered with an error and the socket closes, unaudited', async () => {
    const sid = randomUUID();
    const played = await playback(gw, auditor, sid);
    expect(played.code).toBe(1000);
    expect(played.frames).toEqual([]);
    expect(played.texts.map((t) => desktopErrorMessage.parse(t))).toEqual([
      { type: 'error', message: `no recording of desktop session ${sid}` },
    ]);
    expect((await eventsWithCode(gw, 'T2012I')).filter((e) => e.sid === sid)).toEqual([]);
  });

  test('a session id that is not a UUID is refused before the upgrade', async () => {
    expect((await playback(gw, auditor, '../../../etc/passwd')).status).toBe(400);
    expect((await playback(gw, auditor, 'not-a-uuid')).status).toBe(400);
  });

  test('a user whose roles cannot read sessions is refused, unaudited', async () => {
    const editor = await gw.signIn({ roles: ['editor'] });
    expect((await playback(gw, editor, meta.sid)).status).toBe(403);
    expect((await eventsWithCode(gw, 'T2012I')).filter((e) => e.user === editor.name)).toEqual([]);
  });
});
