import { RecordingStore } from '../../src/resources/recordings/store';
import type { RecordingReader } from '../../src/resources/recordings/reader';
import { SerializeAddon, Terminal } from '../../src/resources/recordings/headlessTerminal';
import { manualClock, newRecording, screenAfter, tempDir } from './factories';

const tick = () => new Promise((r) => setTimeout(r, 0));

/** Restores a seek point the way the player does: size, screen, then the replayed output with its resizes. */
async function screenAtSeek(reader: RecordingReader, ms: number): Promise<string> {
  const point = await reader.seekPoint(ms);
  const term = new Terminal({ cols: point.cols, rows: point.rows, scrollback: 0, allowProposedApi: true });
  const serializer = new SerializeAddon();
  term.loadAddon(serializer);
  await new Promise<void>((r) => term.write(point.screen, r));
  let at = point.offset;
  for (const stop of [...point.resizes, { offset: point.endOffset, cols: 0, rows: 0 }]) {
    const bytes = await reader.read(at, stop.offset - at);
    await new Promise<void>((r) => term.write(bytes, r));
    at = stop.offset;
    if (stop.cols) term.resize(stop.cols, stop.rows);
  }
  const screen = serializer.serialize({ scrollback: 0 });
  term.dispose();
  return screen;
}

/** The reference: everything from the very start up to the same point, with no keyframes involved. */
async function screenFromStart(reader: RecordingReader, ms: number): Promise<string> {
  const writes: Parameters<typeof screenAfter>[2] = [];
  const { events } = await reader.events(0, 1e6, Infinity);
  for (const e of events) {
    if (e.t > ms) break;
    if (e.kind === 'output') writes.push(await reader.read(e.offset, e.length));
    if (e.kind === 'resize') writes.push({ cols: e.cols, rows: e.rows });
  }
  return screenAfter(reader.meta.cols, reader.meta.rows, writes);
}

describe('seeking with keyframes', () => {
  let tmp: ReturnType<typeof tempDir>;
  let reader: RecordingReader;
  const keyframes = { intervalMs: 5_000, bytes: 1 << 20, idleMs: 60_000 };

  beforeAll(async () => {
    tmp = tempDir();
    const clock = manualClock();
    const store = new RecordingStore(tmp.dir, { now: clock.now, keyframes });
    const rec = newRecording();
    const writer = await store.create(rec);
    // 60 s of a coloured log, a resize at 30 s and a full-screen program drawing in the middle.
    for (let i = 0; i < 600; i++) {
      if (i === 300) writer.resize(100, 30);
      if (i === 350) writer.output(Buffer.from('\x1b[?1049h\x1b[2J\x1b[H\x1b[7m TOP \x1b[0m'));
      if (i > 350 && i < 400) writer.output(Buffer.from(`\x1b[${(i % 20) + 2};1Hrow ${i}\x1b[K`));
      if (i === 400) writer.output(Buffer.from('\x1b[?1049l'));
      if (i <= 350 || i >= 400) writer.output(Buffer.from(`\x1b[3${i % 8}mline ${i}\x1b[0m\r\n`));
      clock.advance(100);
      await tick();
    }
    await writer.close();
    reader = (await store.open(rec.sid))!;
  });
  afterAll(async () => {
    await reader.close();
    tmp.remove();
  });

  it.each([2_000, 12_345, 30_050, 37_500, 45_000, 59_999])('shows at %i ms what a replay from the start shows', async (ms) => {
    expect(await screenAtSeek(reader, ms)).toBe(await screenFromStart(reader, ms));
  });

  it('replays at most one keyframe interval of output, not the whole recording', async () => {
    // Output runs at an even rate, so 5 s of a 60 s recording is about a twelfth of its bytes.
    const total = (await reader.summary()).bytes;
    const point = await reader.seekPoint(45_000);
    expect(point.offset).toBeGreaterThan(0);
    expect(point.endOffset - point.offset).toBeLessThan(total / 8);
  });

  it('starts from the recorded size and an empty screen before the first keyframe', async () => {
    expect(await reader.seekPoint(1_000)).toMatchObject({ offset: 0, screen: '', cols: 80, rows: 24 });
  });

  it('takes the size a resize set when the keyframe comes after it', async () => {
    expect(await reader.seekPoint(40_000)).toMatchObject({ cols: 100, rows: 30 });
  });
});
