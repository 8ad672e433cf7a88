import { handlePlayerKey, seekStepMs } from './playerKeys';

function fakePlayer(position = 20_000, speed = 1) {
  const calls: string[] = [];
  return {
    calls,
    current: { status: 'playing' as const, position, duration: 100_000, speed },
    toggle: () => calls.push('toggle'),
    seek: async (ms: number) => void calls.push(`seek ${ms}`),
    setSpeed: (s: number) => calls.push(`speed ${s}`),
  };
}

test.each([
  [' ', 'toggle'],
  ['k', 'toggle'],
  ['ArrowLeft', `seek ${20_000 - seekStepMs}`],
  ['ArrowRight', `seek ${20_000 + seekStepMs}`],
  ['Home', 'seek 0'],
  ['End', 'seek 100000'],
  ['5', 'seek 50000'],
  ['-', 'speed 0.5'],
  ['+', 'speed 2'],
  ['>', 'speed 2'],
])('%j → %s', (key, call) => {
  const player = fakePlayer();
  expect(handlePlayerKey(key, player)).toBe(true);
  expect(player.calls).toEqual([call]);
});

test('speed stops at the slowest and the fastest', () => {
  const slow = fakePlayer(0, 0.5);
  handlePlayerKey('-', slow);
  const fast = fakePlayer(0, 8);
  handlePlayerKey('+', fast);
  expect([...slow.calls, ...fast.calls]).toEqual(['speed 0.5', 'speed 8']);
});

test('other keys are left alone', () => {
  const player = fakePlayer();
  expect(handlePlayerKey('x', player)).toBe(false);
  expect(player.calls).toEqual([]);
});
