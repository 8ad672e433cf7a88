import type { PlayerState } from '../player/PlayerEngine';
import { readDesktopPlayback, type RecordedChunk } from './desktopPlayback';
import { DesktopReplay } from './DesktopReplay';
import { type ReplayChannel, rfbOpening } from './replayChannel';
import type { RfbClient } from './rfb';

/** A stand-in for noVNC: like noVNC it reads the channel's frames through onmessage, and it logs them with the clock. */
function recordingScreens() {
  const screens: Array<{
    frames: Array<{ at: number; bytes: number[] }>;
    channel: ReplayChannel;
    disconnected: boolean;
  }> = [];
  const open = (channel: ReplayChannel): RfbClient => {
    const screen = { frames: [] as Array<{ at: number; bytes: number[] }>, channel, disconnected: false };
    screens.push(screen);
    channel.onmessage = ({ data }) =>
      screen.frames.push({ at: Date.now(), bytes: [...new Uint8Array(data)] });
    return {
      viewOnly: true,
      scaleViewport: true,
      resizeSession: false,
      disconnect: () => {
        screen.disconnected = true;
        channel.close();
      },
      focus: () => undefined,
      clipboardPasteFrom: () => undefined,
      addEventListener: () => undefined,
    };
  };
  return { screens, open };
}

const chunk = (t: number, ...bytes: number[]): RecordedChunk => ({ t, data: Uint8Array.from(bytes) });
const opening = [...rfbOpening];

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

test('the RFB opening noVNC expects (3.8, security None, result OK) goes first, then each chunk at its time', () => {
  const { screens, open } = recordingScreens();
  const states: PlayerState[] = [];
  const replay = new DesktopReplay(open, (s) => states.push(s));
  replay.start(3000);
  for (const c of [chunk(0, 1), chunk(500, 2), chunk(1200, 3, 3), chunk(2500, 4)]) replay.addChunk(c);
  replay.finish();
  expect(new TextDecoder().decode(rfbOpening.slice(0, 12))).toBe('RFB 003.008\n');
  expect(opening.slice(12)).toEqual([1, 1, 0, 0, 0, 0]);

  jest.advanceTimersByTime(3000);
  expect(screens).toHaveLength(1);
  expect(screens[0]!.frames).toEqual([
    { at: 0, bytes: opening },
    { at: 0, bytes: [1] },
    { at: 500, bytes: [2] },
    { at: 1200, bytes: [3, 3] },
    { at: 2500, bytes: [4] },
  ]);
  expect(replay.current).toMatchObject({ status: 'ended', position: 3000 });
  // What noVNC sends back (its version, chosen security type, ClientInit) is swallowed.
  expect(() => screens[0]!.channel.send()).not.toThrow();
});

test('pause holds the chunks back; speed 2 plays them in half the time', () => {
  const { screens, open } = recordingScreens();
  const replay = new DesktopReplay(open);
  replay.start(4000);
  for (const c of [chunk(1000, 1), chunk(3000, 2)]) replay.addChunk(c);
  replay.finish();
  jest.advanceTimersByTime(500);
  replay.pause();
  jest.advanceTimersByTime(10_000);
  expect(screens[0]!.frames.map((f) => f.bytes)).toEqual([opening]);
  replay.setSpeed(2);
  replay.play();
  jest.advanceTimersByTime(250);
  expect(screens[0]!.frames.map((f) => f.at)).toEqual([0, 10_750]);
  jest.advanceTimersByTime(1000);
  expect(screens[0]!.frames.map((f) => f.at)).toEqual([0, 10_750, 11_750]);
});

test('a seek starts a fresh screen fed every chunk up to the target at once, then plays on in real time', async () => {
  const { screens, open } = recordingScreens();
  const replay = new DesktopReplay(open);
  replay.start(10_000);
  for (const c of [chunk(0, 1), chunk(2000, 2), chunk(4000, 3), chunk(6000, 4)]) replay.addChunk(c);
  replay.finish();
  jest.advanceTimersByTime(100);
  replay.seek(5000);
  await Promise.resolve();
  expect(screens[0]!.disconnected).toBe(true);
  expect(screens[1]!.frames).toEqual([
    { at: 100, bytes: opening },
    { at: 100, bytes: [1] },
    { at: 100, bytes: [2] },
    { at: 100, bytes: [3] },
  ]);
  expect(replay.current).toMatchObject({ status: 'playing', position: 5000 });
  jest.advanceTimersByTime(1000);
  expect(screens[1]!.frames.at(-1)).toEqual({ at: 1100, bytes: [4] });
  // Back to an earlier point: again from the start of the recording.
  replay.seek(1000);
  expect(screens[2]!.frames.map((f) => f.bytes)).toEqual([opening, [1]]);
});

test('chunks that stream in after the playhead passed their time are handed over at once', () => {
  const { screens, open } = recordingScreens();
  const replay = new DesktopReplay(open);
  replay.start(2000);
  jest.advanceTimersByTime(1000);
  replay.addChunk(chunk(400, 9));
  jest.advanceTimersByTime(0);
  expect(screens[0]!.frames.at(-1)).toEqual({ at: 1000, bytes: [9] });
  expect(replay.current.status).toBe('playing');
});

test('the playback socket: the header, chunks split into their big-endian time and RFB bytes, the end', () => {
  type Listener = (event: { data: unknown; code: number; reason: string }) => void;
  const listeners = new Map<string, Listener>();
  const socket = {
    binaryType: 'blob' as BinaryType,
    readyState: 1,
    send: () => undefined,
    close: () => undefined,
    addEventListener: (type: string, l: Listener) => listeners.set(type, l),
  };
  const seen: unknown[] = [];
  readDesktopPlayback(socket, {
    onRecording: (r) => seen.push(r),
    onChunk: (c) => seen.push({ t: c.t, bytes: [...c.data] }),
    onEnd: () => seen.push('end'),
    onUnreadable: (p) => seen.push(`unreadable: ${p}`),
    onClose: (code, reason) => seen.push(`closed ${code} ${reason}`),
  });
  expect(socket.binaryType).toBe('arraybuffer');
  const message = (data: unknown) => listeners.get('message')!({ data, code: 0, reason: '' });
  message(
    JSON.stringify({ type: 'recording', sid: 's1', desktopName: 'win-1', user: 'alice', startTime: '2026-01-01T10:00:00.000Z', durationMs: 1500 }),
  );
  const frame = new ArrayBuffer(11);
  new DataView(frame).setFloat64(0, 1234.5, false);
  new Uint8Array(frame).set([7, 8, 9], 8);
  message(frame);
  message(new ArrayBuffer(3));
  message('{"type":"later"}');
  message(JSON.stringify({ type: 'end' }));
  listeners.get('close')!({ data: undefined, code: 1000, reason: 'done' });
  expect(seen).toEqual([
    { type: 'recording', sid: 's1', desktopName: 'win-1', user: 'alice', startTime: '2026-01-01T10:00:00.000Z', durationMs: 1500 },
    { t: 1234.5, bytes: [7, 8, 9] },
    'unreadable: a chunk shorter than its time header',
    expect.stringMatching(/^unreadable: a message that does not match the protocol \(type: /),
    'end',
    'closed 1000 done',
  ]);
});
