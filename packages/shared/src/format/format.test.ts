import { displayDate, displayDateTime, displayShortDate } from './dates';
import { durationText } from './duration';
import { auditQueryText, truncateText } from './text';

// Local-time fields, so the expected text is the same in every time zone.
const when = new Date(2026, 0, 31, 14, 5, 9);

test('yyyy-MM-dd HH:mm:ss, yyyy-MM-dd and MMM dd, yyyy', () => {
  expect(displayDateTime(when)).toBe('2026-01-31 14:05:09');
  expect(displayDate(when)).toBe('2026-01-31');
  expect(displayShortDate(when)).toBe('Jan 31, 2026');
  expect(displayDate(when.getTime())).toBe('2026-01-31');
});

test("a date that cannot be formatted logs an error and gives 'undefined'", () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(displayDateTime('not a date')).toBe('undefined');
  expect(displayShortDate(new Date(NaN))).toBe('undefined');
  expect(log).toHaveBeenCalledTimes(2);
  log.mockRestore();
});

test('duration text', () => {
  expect(durationText(3_723_000)).toBe('1 hour 2 minutes 3 seconds');
  expect(durationText(90_000)).toBe('1 minute 30 seconds');
  expect(durationText(400)).toBe('0 seconds');
});

test('audit query text is cut to 80 characters with an ellipsis', () => {
  const long = 'x'.repeat(81);
  expect(auditQueryText(long)).toBe(`${'x'.repeat(80)}...`);
  expect(auditQueryText('x'.repeat(80))).toBe('x'.repeat(80));
  expect(truncateText('abcdef', 3)).toBe('abc...');
});
