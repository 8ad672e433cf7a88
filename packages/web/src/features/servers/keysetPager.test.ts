/** @jest-environment node */
import { canGoBack, canGoNext, firstPage, goBack, goNext, pageLoaded, pageNumber } from './keysetPager';

test('walks forward with the server’s cursors and back through the remembered ones', () => {
  let pager = pageLoaded(firstPage, 'k15');
  expect(canGoBack(pager)).toBe(false);
  expect(canGoNext(pager)).toBe(true);
  pager = pageLoaded(goNext(pager), 'k30');
  expect(pager.current).toBe('k15');
  expect(pageNumber(pager)).toBe(2);
  pager = pageLoaded(goNext(pager), '');
  expect(pager.current).toBe('k30');
  expect(canGoNext(pager)).toBe(false);
  expect(pageNumber(pager)).toBe(3);
  pager = goBack(pager);
  expect(pager.current).toBe('k15');
  pager = goBack(pager);
  expect(pager).toEqual({ previous: [], current: '', next: '' });
});

test('going past either end stays put', () => {
  expect(goBack(firstPage)).toBe(firstPage);
  const last = pageLoaded(firstPage, undefined);
  expect(goNext(last)).toBe(last);
});
