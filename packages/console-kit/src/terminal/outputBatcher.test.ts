/** @jest-environment node */
import { OutputBatcher } from './outputBatcher';

/** A terminal stand-in that records writes and lets the test decide when xterm has finished parsing. */
function fakeSink() {
  const writes: { data: Uint8Array; done: () => void }[] = [];
  return { writes, write: (data: Uint8Array, done: () => void) => writes.push({ data, done }) };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('chunks arriving within 10 ms are written to the terminal as one batch, in order', () => {
  const sink = fakeSink();
  const batcher = new OutputBatcher({ sink, batchMs: 10, maxBatchBytes: 1000, onConsumed: () => {} });
  batcher.push(bytes('hel'));
  jest.advanceTimersByTime(5);
  batcher.push(bytes('lo '));
  batcher.push(bytes('world'));
  jest.advanceTimersByTime(4);
  expect(sink.writes).toHaveLength(0);
  jest.advanceTimersByTime(1);
  expect(sink.writes.map((w) => text(w.data))).toEqual(['hello world']);
  batcher.push(bytes('again'));
  jest.advanceTimersByTime(10);
  expect(sink.writes.map((w) => text(w.data))).toEqual(['hello world', 'again']);
});

test('a batch that reaches maxBatchBytes is written at once instead of waiting out the window', () => {
  const sink = fakeSink();
  const batcher = new OutputBatcher({ sink, batchMs: 10, maxBatchBytes: 8, onConsumed: () => {} });
  batcher.push(bytes('1234'));
  expect(sink.writes).toHaveLength(0);
  batcher.push(bytes('5678'));
  expect(sink.writes.map((w) => text(w.data))).toEqual(['12345678']);
  batcher.push(bytes('9'));
  jest.advanceTimersByTime(10);
  expect(sink.writes.map((w) => text(w.data))).toEqual(['12345678', '9']);
});

test('a batch is credited only once the terminal’s write callback says it was parsed', () => {
  const sink = fakeSink();
  const consumed: number[] = [];
  const batcher = new OutputBatcher({ sink, batchMs: 10, maxBatchBytes: 1000, onConsumed: (n) => consumed.push(n) });
  batcher.push(bytes('12345'));
  batcher.push(bytes('678'));
  jest.advanceTimersByTime(10);
  batcher.push(bytes('90'));
  jest.advanceTimersByTime(10);
  expect(consumed).toEqual([]);
  sink.writes[1]!.done();
  sink.writes[0]!.done();
  expect(consumed).toEqual([2, 8]);
});

test('flush writes at once, and nothing is written or credited after dispose', () => {
  const sink = fakeSink();
  const consumed: number[] = [];
  const batcher = new OutputBatcher({ sink, batchMs: 10, maxBatchBytes: 1000, onConsumed: (n) => consumed.push(n) });
  batcher.push(bytes('bye'));
  batcher.flush();
  expect(sink.writes.map((w) => text(w.data))).toEqual(['bye']);
  batcher.push(bytes('late'));
  batcher.dispose();
  sink.writes[0]!.done();
  jest.advanceTimersByTime(100);
  expect(sink.writes).toHaveLength(1);
  expect(consumed).toEqual([]);
});
