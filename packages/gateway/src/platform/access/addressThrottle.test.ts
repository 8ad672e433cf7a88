import { AddressThrottle } from './addressThrottle';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

test('an address is held back for the rest of its window once it reaches the limit, and others are not', () => {
  const c = clock();
  const throttle = new AddressThrottle(3, 60_000, c.now);
  for (let i = 0; i < 3; i += 1) {
    expect(throttle.waitFor('10.0.0.1')).toBe(0);
    throttle.failed('10.0.0.1');
  }
  c.advance(15_000);
  expect(throttle.waitFor('10.0.0.1')).toBe(45_000);
  expect(throttle.waitFor('10.0.0.2')).toBe(0);
  c.advance(45_000);
  expect(throttle.waitFor('10.0.0.1')).toBe(0);
  throttle.failed('10.0.0.1');
  expect(throttle.waitFor('10.0.0.1')).toBe(0);
});

test('a spray of addresses keeps at most the bound: ended windows go first, else the oldest running one', () => {
  const c = clock();
  const throttle = new AddressThrottle(1, 1_000, c.now, 100);
  for (let i = 0; i < 100; i += 1) throttle.failed(`first-${i}`);
  c.advance(500);
  throttle.failed('later');
  // Every window was running, so the oldest address was forgotten to make room; the rest are still held back.
  expect(throttle.waitFor('first-0')).toBe(0);
  expect(throttle.waitFor('first-1')).toBe(500);
  expect(throttle.waitFor('later')).toBe(1_000);
  c.advance(600);
  throttle.failed('last');
  // The first windows had ended and were dropped; the later one runs on.
  expect(throttle.waitFor('later')).toBe(400);
  expect(throttle.waitFor('last')).toBe(1_000);
});
