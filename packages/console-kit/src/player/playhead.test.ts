import { formatPlayhead, parsePlayhead } from './playhead';

test('reads back the clock text the player writes', () => {
  for (const ms of [0, 5_000, 65_000, 599_000, 3_600_000, 3_725_000]) expect(parsePlayhead(formatPlayhead(ms))).toBe(ms);
  expect(parsePlayhead(' 2:05 ')).toBe(125_000);
  expect(parsePlayhead('75:00')).toBe(4_500_000);
});

test('refuses what is not a clock time', () => {
  for (const text of ['', '5', '1:5', '1:60', 'a:00', '1:00:60', '-1:00', '1:00.5']) expect(parsePlayhead(text)).toBeUndefined();
});
