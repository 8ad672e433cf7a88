/** @jest-environment node */
import { OutputBatcher, type OutputBatcherOptions } from './outputBatcher';

/** A terminal stand-in that records writes and lets the test decide when xterm has finished parsing. */
function fakeSink() {
  const writes: { data: Uint8Array; done: () => void }[] = [];
  return { writes, write: (data: Uint8Array, done: () => void) => writes.push({ data, done }) };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

function setup(options: Partial<OutputBatcherOptions> = {}) {
  const sink = fakeSink();
  const credits: number[] = [];
  const batcher = new OutputBatcher({
    sink,
    batchMs: 10,
    streamIntervalMs: 50,
    streamingBytes: 8,
    maxBacklogBytes: 1000,
    onCredit: (n) => credits.push(n),
    ...options,
  });
  return { sink, credits, batcher, written: () => sink.writes.map((w) => text(w.data)) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('chunks arriving within 10 ms are written to the terminal as one batch, in order', () => {
  const { batcher, written } = setup();
  batcher.push(bytes('hel'));
  jest.advanceTimersByTime(5);
  batcher.push(bytes('lo '));
  batcher.push(bytes('wo'));
  jest.advanceTimersByTime(4);
  expect(written()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(written()).toEqual(['hello wo']);
});

test('small writes (typing echoed) follow each other after 10 ms, with no pacing', () => {
  const { batcher, written } = setup();
  batcher.push(bytes('a'));
  jest.advanceTimersByTime(10);
  batcher.push(bytes('b'));
  jest.advanceTimersByTime(10);
  expect(written()).toEqual(['a', 'b']);
});

test('while output streams, writes are streamIntervalMs apart and carry everything gathered meanwhile', () => {
  const { batcher, written } = setup();
  batcher.push(bytes('12345678'));
  jest.advanceTimersByTime(10);
  expect(written()).toEqual(['12345678']);
  batcher.push(bytes('abc'));
  jest.advanceTimersByTime(30);
  batcher.push(bytes('def'));
  jest.advanceTimersByTime(19);
  expect(written()).toEqual(['12345678']);
  jest.advanceTimersByTime(1);
  expect(written()).toEqual(['12345678', 'abcdef']);
  // That write was small: the stream has ended, and output is written 10 ms after it arrives again.
  batcher.push(bytes('$ '));
  jest.advanceTimersByTime(10);
  expect(written()).toEqual(['12345678', 'abcdef', '$ ']);
});

test('output is credited as it arrives while the credited but unparsed backlog is within maxBacklogBytes', () => {
  const { batcher, sink, credits } = setup({ maxBacklogBytes: 10 });
  batcher.push(bytes('123456'));
  batcher.push(bytes('789'));
  expect(credits).toEqual([6, 3]);
  batcher.push(bytes('abcd'));
  // Nine bytes credited and unparsed: one more may be credited, the rest waits for xterm.
  expect(credits).toEqual([6, 3, 1]);
  batcher.push(bytes('ef'));
  expect(credits).toEqual([6, 3, 1]);
  jest.advanceTimersByTime(10);
  sink.writes[0]!.done();
  expect(credits).toEqual([6, 3, 1, 5]);
});

test('flush writes at once, and nothing is written or credited after dispose', () => {
  const { batcher, sink, credits, written } = setup({ maxBacklogBytes: 3 });
  batcher.push(bytes('bye'));
  batcher.flush();
  expect(written()).toEqual(['bye']);
  batcher.push(bytes('late'));
  batcher.dispose();
  sink.writes[0]!.done();
  jest.advanceTimersByTime(100);
  expect(written()).toEqual(['bye']);
  expect(credits).toEqual([3]);
});
