import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RECORD_SIZE, files } from '../../src/resources/recordings/format';
import { RecordingStore } from '../../src/resources/recordings/store';
import { manualClock, newRecording, tempDir } from './factories';
import { eventually } from '../servers/fixtures';

const text = (b: Buffer) => b.toString('utf8');

describe('recording writer and reader', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => (tmp = tempDir()));
  afterEach(() => tmp.remove());

  it('reads back output, resizes and the end with their times', async () => {
    const clock = manualClock();
    const store = new RecordingStore(tmp.dir, { now: clock.now });
    const rec = newRecording();
    const writer = await store.create(rec);
    writer.output(Buffer.from('hello '));
    clock.advance(250);
    writer.resize(100, 30);
    writer.output(Buffer.from('world'));
    clock.advance(1000);
    await writer.close();

    const reader = (await store.open(rec.sid))!;
    expect(await reader.summary()).toEqual({
      sid: rec.sid,
      startTime: new Date(1_700_000_000_000).toISOString(),
      durationMs: 1250,
      bytes: 11,
      cols: 80,
      rows: 24,
      complete: true,
    });
    expect((await reader.events(0, 100, 1 << 20)).events).toEqual([
      { kind: 'output', t: 0, offset: 0, length: 6 },
      { kind: 'resize', t: 250, offset: 6, cols: 100, rows: 30 },
      { kind: 'output', t: 250, offset: 6, length: 5 },
      { kind: 'end', t: 1250, offset: 11 },
    ]);
    expect(text(await reader.read(3, 100))).toBe('lo world');
    await reader.close();
  });

  it('keeps a copy of a chunk cut small from a larger buffer, so it does not hold that buffer until the flush', async () => {
    const store = new RecordingStore(tmp.dir, { now: manualClock().now });
    const rec = newRecording();
    const writer = await store.create(rec);
    const read = Buffer.alloc(64 * 1024, 'x');
    read.write('echo', 100);
    writer.output(read.subarray(100, 104));
    // Reused by its owner (as a socket read's buffer would be freed and its memory reused): the copy is unaffected.
    read.fill('y');
    await writer.close();
    const reader = (await store.open(rec.sid))!;
    expect(text(await reader.read(0, 100))).toBe('echo');
    await reader.close();
  });

  it('merges output chunks less than 10 ms apart into one index record', async () => {
    const clock = manualClock();
    const store = new RecordingStore(tmp.dir, { now: clock.now });
    const rec = newRecording();
    const writer = await store.create(rec);
    writer.output(Buffer.from('a'));
    clock.advance(9);
    writer.output(Buffer.from('b'));
    clock.advance(10);
    writer.output(Buffer.from('c'));
    await writer.close();
    const reader = (await store.open(rec.sid))!;
    const { events } = await reader.events(0, 100, 1 << 20);
    expect(events.filter((e) => e.kind === 'output')).toEqual([
      { kind: 'output', t: 0, offset: 0, length: 2 },
      { kind: 'output', t: 19, offset: 2, length: 1 },
    ]);
    await reader.close();
  });

  it('pages events by count and by output bytes', async () => {
    const clock = manualClock();
    const store = new RecordingStore(tmp.dir, { now: clock.now });
    const rec = newRecording();
    const writer = await store.create(rec);
    for (let i = 0; i < 5; i++) {
      writer.output(Buffer.alloc(100, 'x'));
      clock.advance(20);
    }
    await writer.close();
    const reader = (await store.open(rec.sid))!;
    const page1 = await reader.events(0, 2, 1 << 20);
    expect(page1.events).toHaveLength(2);
    expect(page1.next).toBe(2);
    const page2 = await reader.events(page1.next!, 100, 250);
    expect(page2.events.map((e) => e.offset)).toEqual([200, 300, 400]);
    expect(page2.next).toBe(5);
    const last = await reader.events(page2.next!, 100, 1 << 20);
    expect(last).toEqual({ events: [{ kind: 'end', t: 100, offset: 500 }], next: null });
    await reader.close();
  });

  it('makes output durable within the flush interval, before the session ends', async () => {
    const store = new RecordingStore(tmp.dir, { flushIntervalMs: 20 });
    const rec = newRecording();
    const writer = await store.create(rec);
    // Closed whatever happens: an open writer keeps its screen's worker thread, and with it jest, alive.
    try {
      writer.output(Buffer.from('still running'));
      const before = (await store.open(rec.sid))!;
      expect((await before.summary()).bytes).toBe(0);
      await before.close();
      // Nothing but the flush timer writes it: the session neither ends nor sends more.
      const after = await eventually(async () => {
        const reader = (await store.open(rec.sid))!;
        if ((await reader.summary()).bytes > 0) return reader;
        await reader.close();
        return undefined;
      }, 'the pending output flushed by the timer');
      expect(await after.summary()).toMatchObject({ bytes: 13, complete: false });
      expect(text(await after.read(0, 100))).toBe('still running');
      await after.close();
    } finally {
      await writer.close();
    }
  });

  it('flushes at once when 1 MiB is pending', async () => {
    const store = new RecordingStore(tmp.dir, { flushIntervalMs: 60_000 });
    const rec = newRecording();
    const writer = await store.create(rec);
    writer.output(Buffer.alloc(1024 * 1024 - 1, 'a'));
    await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(path.join(tmp.dir, 'recordings', rec.sid, files.output)).length).toBe(0);
    writer.output(Buffer.from('b'));
    await writer.flush();
    expect(readFileSync(path.join(tmp.dir, 'recordings', rec.sid, files.output)).length).toBe(1024 * 1024);
    await writer.close();
  });

  it('ignores a torn final index record and output the index does not cover', async () => {
    const store = new RecordingStore(tmp.dir);
    const rec = newRecording();
    const writer = await store.create(rec);
    writer.output(Buffer.from('durable'));
    await writer.flush();
    const dir = path.join(tmp.dir, 'recordings', rec.sid);
    // What a crash between the two appends of a flush leaves behind.
    appendFileSync(path.join(dir, files.output), 'lost');
    appendFileSync(path.join(dir, files.index), Buffer.alloc(RECORD_SIZE - 5, 7));
    const reader = (await store.open(rec.sid))!;
    expect(await reader.summary()).toMatchObject({ bytes: 7, complete: false });
    expect(text(await reader.read(0, 100))).toBe('durable');
    expect((await reader.events(0, 100, 1 << 20)).events).toHaveLength(1);
    await reader.close();
    await writer.close();
  });

  it('rejects session ids that could name another path', async () => {
    const store = new RecordingStore(tmp.dir);
    await expect(store.open('../etc')).rejects.toThrow('invalid session id "../etc"');
    expect(await store.open('no-such-session')).toBeUndefined();
  });
});
