import { lightTheme, darkTheme } from './theme';
import { durations, iconSizes, sizes, zIndices } from './tokens';

describe('the spec’s UI constants (§9)', () => {
  test('spinner delays are none, 400 ms and 600 ms', () => {
    expect(durations.spinnerDelay).toEqual({ none: 0, short: 400, long: 600 });
  });
  test('the slide transition lasts 500 ms', () => expect(durations.slide).toBe(500));
  test('a card is 540 px wide', () => expect(sizes.cardWidth).toBe(540));
  test('the side navigation is 240 px wide', () => expect(sizes.sideNavWidth).toBe(240));
  test('popovers keep 16 px from the viewport', () => expect(sizes.popoverMargin).toBe(16));
  test('the modal z-index is 1200', () => expect(zIndices.modal).toBe(1200));
  test('popovers, toasts and tooltips float above a modal', () => {
    expect(Math.min(zIndices.popover, zIndices.toast, zIndices.tooltip)).toBeGreaterThan(zIndices.modal);
  });
  test('icons come in 24, 32 and 48 px', () => expect(Object.values(iconSizes)).toEqual([24, 32, 48]));
  test('both themes carry the same tokens', () => {
    const { colors: _l, name: _ln, ...lightRest } = lightTheme;
    const { colors: _d, name: _dn, ...darkRest } = darkTheme;
    expect(lightRest).toEqual(darkRest);
    expect(lightTheme.space).toEqual([0, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80]);
  });
});
