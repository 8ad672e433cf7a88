import { makeEvent } from './makeEvent';

test('normalises a known event', () => {
  const raw = { code: 'T1000I', event: 'user.login', time: '2026-03-04T05:06:07Z', uid: 'abc', user: 'alice' };
  expect(makeEvent(raw)).toEqual({
    id: 'abc',
    code: 'T1000I',
    codeDesc: 'Local Login',
    message: 'Local user [alice] successfully logged in',
    user: 'alice',
    time: new Date('2026-03-04T05:06:07Z'),
    raw,
  });
});

test('an event without uid is identified by event:time', () => {
  expect(makeEvent({ code: 'T2000I', event: 'session.start', time: '2026-03-04T05:06:07Z' }).id).toBe(
    'session.start:2026-03-04T05:06:07Z',
  );
});

test("an unknown code shows 'Unknown' and the message names the event type and code", () => {
  const e = makeEvent({ code: 'TZZZZI', event: 'mystery.thing', time: '2026-03-04T05:06:07Z' });
  expect(e.codeDesc).toBe('Unknown');
  expect(e.message).toBe("Unknown 'mystery.thing' event (TZZZZI)");
});
