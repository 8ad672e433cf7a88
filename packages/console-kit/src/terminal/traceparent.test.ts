/** @jest-environment node */
import { newTraceparent } from './traceparent';

test('is a sampled W3C traceparent with fresh random ids', () => {
  const value = newTraceparent();
  expect(value).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(newTraceparent()).not.toBe(value);
});
