import { readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withCreditGate } from '../../src/resources/core/creditGate';
import { KeyframeThread, maxMirrorBacklogBytes, type ScreenMirror } from '../../src/resources/recordings/screenMirrors';
import { RecordingStore } from '../../src/resources/recordings/store';
import type { Channel } from '../../src/resources/core/channel';
import { manualClock, newRecording, tempDir } from './factories';
import { eventually } from '../servers/fixtures';

const MiB = 1024 * 1024;
const noKeyframes = { intervalMs: Infinity, bytes: Infinity, idleMs: 60_000 };

/** CPU time (clock ticks) of each thread of this process running at nice 19 (fields 14, 15 and 19 of its stat). */
function niceThreadTimes(): Map<string, number> {
  const times = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[16]) === 19) times.set(tid, Number(fields[11]) + Number(fields[12]));
  }
  return times;
}

describe('the keyframe thread', () => {
  let thread: KeyframeThread;
  const open: ScreenMirror[] = [];
  beforeEach(() => (thread = new KeyframeThread()));
  afterEach(async () => {
    await Promise.all(open.splice(0).map((m) => m.close()));
  });
  const mirror = (cols = 80, rows = 24) => {
    const m = thread.open(cols, rows, noKeyframes, () => undefined);
    open.push(m);
    return m;
  };

  it('parses at the lowest CPU priority, so terminals are served before keyframes', async () => {
    // Threads of other tests may be at nice 19 too, idle: the one that did the parsing is the one whose time grew.
    const before = niceThreadTimes();
    const m = mirror(200, 50);
    for (let i = 0; i < 64; i++) m.feed(Buffer.alloc(128 * 1024, 'y'), 0);
    m.feed(Buffer.from('\r\nparsed'), 0);
    expect((await m.current()).screen).toContain('parsed');
    const grew = [...niceThreadTimes()].map(([tid, ticks]) => ticks - (before.get(tid) ?? 0));
    expect(Math.max(0, ...grew)).toBeGreaterThanOrEqual(3);
  });

  it('counts what a live screen has not parsed yet and calls back once it is within a bound', async () => {
    const m = mirror(200, 50);
    const chunk = Buffer.alloc(32 * 1024, 'x');
    for (let i = 0; i < 256; i++) m.feed(chunk, 0);
    m.feed(Buffer.from('\r\nthe end'), 0);
    expect(m.backlog).toBe(8 * MiB + 9);
    const within = await new Promise<number>((resolve) => m.whenWithin(maxMirrorBacklogBytes, () => resolve(m.backlog)));
    expect(within).toBeLessThanOrEqual(maxMirrorBacklogBytes);
    expect((await m.current()).screen).toContain('the end');
    expect(m.backlog).toBe(0);
  });

  it('gives the screen of a recording at exactly the offset asked for, though more output followed', async () => {
    const tmp = tempDir();
    const store = new RecordingStore(tmp.dir, { now: manualClock().now, screens: thread });
    const writer = await store.create(newRecording());
    writer.output(Buffer.from('before the join '));
    const screen = writer.currentScreen();
    writer.output(Buffer.from('after the join'));
    expect((await screen).screen).toBe('before the join ');
    expect((await writer.currentScreen()).screen).toBe('before the join after the join');
    await writer.close();
    tmp.remove();
  });

  it('parses a recording once its output pauses, not beside it; a screen wanted meanwhile is answered at once', async () => {
    const tmp = tempDir();
    const file = path.join(tmp.dir, 'output.bin');
    writeFileSync(file, 'x'.repeat(8 * 1024));
    const offsets: number[] = [];
    const options = { intervalMs: Infinity, bytes: 1024, idleMs: 60_000, quietMs: 60_000, maxLagMs: 60_000 };
    const screen = thread.openRecording(file, 80, 24, options, (k) => offsets.push(k.offset));
    screen.steps([{ output: { t: 0, offset: 0, length: 4096 } }, { output: { t: 1, offset: 4096, length: 4096 } }]);
    // Parsed only as far as the step holding the wanted offset (a keyframe each, sent before the answer).
    expect((await screen.at(4096)).screen).toContain('x');
    expect(await screen.at(4096)).toBeDefined();
    expect(offsets).toEqual([4096]);
    await screen.close();
    expect(offsets).toEqual([4096, 8192]);
    tmp.remove();
  });

  it('parses a recording whose output never pauses once its oldest output has waited long enough', async () => {
    const tmp = tempDir();
    const file = path.join(tmp.dir, 'output.bin');
    writeFileSync(file, 'y'.repeat(2048));
    const offsets: number[] = [];
    const screen = thread.openRecording(file, 80, 24, { intervalMs: Infinity, bytes: 1024, idleMs: 60_000, quietMs: 60_000, maxLagMs: 50 }, (k) => offsets.push(k.offset));
    screen.steps([{ output: { t: 0, offset: 0, length: 2048 } }]);
    await eventually(async () => offsets.length > 0, 'the keyframe of the lagging output');
    expect(offsets).toEqual([2048]);
    await screen.close();
    tmp.remove();
  });

  it('holds no descriptor for a recording between flushes, and outlives a recording removed while it was written', async () => {
    const tmp = tempDir();
    const store = new RecordingStore(tmp.dir, { now: manualClock().now, screens: thread });
    // This process's descriptors on the recordings' files (the keyframe thread's among them).
    const recordingFds = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(tmp.dir);
        } catch {
          return false; // closed since the listing
        }
      }).length;
    const removed = await store.create(newRecording());
    const kept = await store.create(newRecording());
    removed.output(Buffer.from('gone'));
    kept.output(Buffer.from('first '));
    await Promise.all([removed.flush(), kept.flush()]);
    expect((await removed.currentScreen()).screen).toBe('gone');
    expect((await kept.currentScreen()).screen).toBe('first ');
    // The thread closes its read of a step just after answering from it.
    await eventually(async () => recordingFds() === 0, 'no descriptor left on the recordings');

    rmSync(removed.dir, { recursive: true });
    removed.output(Buffer.from(' more'));
    await expect(removed.flush()).resolves.toBeUndefined();
    kept.output(Buffer.from('second'));
    expect((await kept.currentScreen()).screen).toBe('first second');
    await expect(removed.close()).rejects.toThrow(/ENOENT/);
    await kept.close();
    tmp.remove();
  });
});

describe('the credit gate of a session that is not recorded', () => {
  const channel = () => {
    const acks: number[] = [];
    const fake: Channel = { onData: () => undefined, onExit: () => undefined, ack: (n) => acks.push(n), write: () => undefined, resize: () => undefined, close: () => undefined };
    return { fake, acks };
  };
  const screen = (backlog: number) => {
    let release: (() => void) | undefined;
    const fake = {
      backlog,
      whenWithin: (bytes: number, then: () => void) => {
        expect(bytes).toBe(maxMirrorBacklogBytes);
        if (fake.backlog <= bytes) then();
        else release = then;
      },
    } as ScreenMirror;
    return { fake, catchUp: () => release?.() };
  };

  it('passes credit on while the screen keeps up', () => {
    const { fake, acks } = channel();
    const gated = withCreditGate(fake, screen(0).fake);
    gated.ack(100);
    gated.ack(50);
    expect(acks).toEqual([100, 50]);
  });

  it('holds credit while the screen lags more than 4 MiB and pays it all at once when it catches up', () => {
    expect(maxMirrorBacklogBytes).toBe(4 * MiB);
    const { fake, acks } = channel();
    const s = screen(5 * MiB);
    const gated = withCreditGate(fake, s.fake);
    gated.ack(64 * 1024);
    gated.ack(64 * 1024);
    expect(acks).toEqual([]);
    s.catchUp();
    expect(acks).toEqual([128 * 1024]);
  });
});
