import { maxBufferedBytes, PlayerEngine, type PlayerScreen } from './PlayerEngine';
import type { RecordingEvent } from '@portcullis/shared';
import type { RecordingSource } from './recording';

/** An in-memory recording served through the same contract as the gateway's endpoints, counting requests. */
function memorySource(
  steps: ({ t: number; text: string } | { t: number; cols: number; rows: number })[],
  pageSize = 2,
) {
  const encoder = new TextEncoder();
  let offset = 0;
  const events: RecordingEvent[] = [];
  const chunks: Uint8Array[] = [];
  for (const s of steps) {
    if ('text' in s) {
      const data = encoder.encode(s.text);
      events.push({ kind: 'output', t: s.t, offset, length: data.length });
      chunks.push(data);
      offset += data.length;
    } else {
      events.push({ kind: 'resize', t: s.t, offset, cols: s.cols, rows: s.rows });
    }
  }
  const duration = steps[steps.length - 1]?.t ?? 0;
  events.push({ kind: 'end', t: duration, offset });
  const all = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  const log = { bytesServed: 0, eventPages: 0, seeks: 0 };
  const source: RecordingSource = {
    summary: async () => ({
      sid: 's',
      startTime: '',
      durationMs: duration,
      bytes: offset,
      cols: 80,
      rows: 24,
      complete: true,
    }),
    events: async (page) => {
      log.eventPages += 1;
      const start = 'startKey' in page ? Number(page.startKey) : events.findIndex((e) => e.t >= page.fromMs);
      const from = start < 0 ? events.length : start;
      const next = from + pageSize;
      return { events: events.slice(from, next), startKey: next < events.length ? String(next) : '' };
    },
    seek: async (ms) => {
      log.seeks += 1;
      const upto = events.filter(
        (e): e is Extract<RecordingEvent, { kind: 'output' }> => e.t <= ms && e.kind === 'output',
      );
      const last = upto[upto.length - 1];
      const resizes = events
        .filter((e) => e.t <= ms && e.kind === 'resize')
        .map((e) => e as Extract<RecordingEvent, { kind: 'resize' }>);
      return {
        at: ms,
        cols: 80,
        rows: 24,
        screen: '',
        offset: 0,
        endOffset: last ? last.offset + last.length : 0,
        resizes,
      };
    },
    bytes: async (o, n) => {
      const slice = all.slice(o, o + n);
      log.bytesServed += slice.length;
      return slice;
    },
  };
  return { source, log };
}

function fakeScreen() {
  const decoder = new TextDecoder();
  const screen = { text: '', size: '80x24', resets: 0 };
  const surface: PlayerScreen = {
    reset: () => {
      screen.text = '';
      screen.resets += 1;
    },
    resize: (cols, rows) => (screen.size = `${cols}x${rows}`),
    write: (data) => (screen.text += typeof data === 'string' ? data : decoder.decode(data)),
  };
  return { screen, surface };
}

const abc = [
  { t: 0, text: 'a' },
  { t: 1000, text: 'b' },
  { t: 2000, text: 'c' },
  { t: 3000, text: 'd' },
];

describe('PlayerEngine', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes each chunk of output at its recorded time', async () => {
    const { source } = memorySource(abc);
    const { screen, surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load();
    await jest.advanceTimersByTimeAsync(0);
    expect(screen.text).toBe('a');
    await jest.advanceTimersByTimeAsync(999);
    expect(screen.text).toBe('a');
    await jest.advanceTimersByTimeAsync(1);
    expect(screen.text).toBe('ab');
    expect(player.current).toMatchObject({ status: 'playing', position: 1000, duration: 3000 });
    await jest.advanceTimersByTimeAsync(2000);
    expect(screen.text).toBe('abcd');
    expect(player.current.status).toBe('ended');
    player.dispose();
  });

  it('starts where it is asked to, restoring the screen up to there', async () => {
    const { source, log } = memorySource(abc);
    const { screen, surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load(undefined, 2000);
    expect(log.seeks).toBe(1);
    expect(screen.text).toBe('abc');
    expect(player.current).toMatchObject({ status: 'playing', position: 2000, duration: 3000 });
    await jest.advanceTimersByTimeAsync(1000);
    expect(screen.text).toBe('abcd');
    player.dispose();
  });

  it('pauses and resumes where it stopped', async () => {
    const { source } = memorySource(abc);
    const { screen, surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load();
    await jest.advanceTimersByTimeAsync(500);
    player.pause();
    expect(player.current).toMatchObject({ status: 'paused', position: 500 });
    await jest.advanceTimersByTimeAsync(5000);
    expect(screen.text).toBe('a');
    player.play();
    await jest.advanceTimersByTimeAsync(499);
    expect(screen.text).toBe('a');
    await jest.advanceTimersByTimeAsync(1);
    expect(screen.text).toBe('ab');
    player.dispose();
  });

  it('plays faster at a higher speed', async () => {
    const { source } = memorySource(abc);
    const { screen, surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load();
    player.setSpeed(4);
    await jest.advanceTimersByTimeAsync(500);
    expect(screen.text).toBe('abc');
    expect(player.current.speed).toBe(4);
    player.dispose();
  });

  it('seeks by restoring the screen as it was then and plays on from there', async () => {
    const { source } = memorySource([{ t: 0, text: 'a' }, { t: 1000, cols: 100, rows: 30 }, ...abc.slice(1)]);
    const { screen, surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load();
    await player.seek(2500);
    expect(screen).toMatchObject({ text: 'abc', size: '100x30', resets: 2 });
    expect(player.current).toMatchObject({ status: 'playing', position: 2500 });
    await jest.advanceTimersByTimeAsync(500);
    expect(screen.text).toBe('abcd');
    await player.seek(500);
    expect(screen).toMatchObject({ text: 'a', size: '80x24' });
    player.dispose();
  });

  it('stays paused after a seek while paused, and plays again from the start once ended', async () => {
    const { source } = memorySource(abc);
    const { screen, surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load();
    player.pause();
    await player.seek(1500);
    await jest.advanceTimersByTimeAsync(5000);
    expect(player.current).toMatchObject({ status: 'paused', position: 1500 });
    expect(screen.text).toBe('ab');
    await player.seek(3000);
    player.play();
    await jest.advanceTimersByTimeAsync(300);
    expect(player.current.status).toBe('ended');
    player.play();
    await jest.advanceTimersByTimeAsync(0);
    expect(player.current).toMatchObject({ status: 'playing' });
    expect(screen.text).toBe('a');
    player.dispose();
  });

  it('starts before the recording is loaded and keeps at most a bounded amount fetched ahead', async () => {
    const kb = 'x'.repeat(1024);
    const long = Array.from({ length: 20_000 }, (_, i) => ({ t: i * 100, text: kb }));
    const { source, log } = memorySource(long, 100);
    const { surface } = fakeScreen();
    const player = new PlayerEngine(source, surface);
    await player.load();
    await jest.advanceTimersByTimeAsync(0);
    expect(player.current.status).toBe('playing');
    // 20 MB recorded; a page (100 KB) of slack beyond the buffer cap.
    expect(log.bytesServed).toBeLessThanOrEqual(maxBufferedBytes + 101 * 1024);
    await jest.advanceTimersByTimeAsync(60_000);
    const played = 600 * 1024;
    expect(log.bytesServed - played).toBeLessThanOrEqual(maxBufferedBytes + 101 * 1024);
    player.dispose();
  });

  it('reports a failure to load as an error state with the message', async () => {
    const { source } = memorySource(abc);
    source.summary = () => Promise.reject(new Error('no recording of session s'));
    const { surface } = fakeScreen();
    const states: string[] = [];
    const player = new PlayerEngine(source, surface, (s) => states.push(s.status));
    await player.load();
    expect(player.current).toMatchObject({ status: 'error', error: 'no recording of session s' });
    expect(states).toEqual(['error']);
  });
});
