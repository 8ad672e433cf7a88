/**
 * The non-colour tokens: radii, shadows, z-indices, fixed sizes and durations. The spec's numbers
 * (card width, side navigation width, popover margin, modal z-index, icon sizes, spinner delays,
 * slide duration) live here once and are pinned by tokens.test.ts.
 */
export const radii = [0, 2, 4, 8, 16, 9999] as const;

export const radius = { none: 0, small: 2, medium: 4, large: 8, xlarge: 16, pill: 9999 } as const;

export const borderWidths = [0, 1, 2] as const;

export const shadows = {
  low: '0 1px 2px rgba(0, 0, 0, 0.16)',
  medium: '0 2px 8px rgba(0, 0, 0, 0.2)',
  high: '0 8px 24px rgba(0, 0, 0, 0.28)',
  focus: '0 0 0 2px',
} as const;

// Floating layers sit above the modal: a list or tooltip opened inside a dialog must be on top.
export const zIndices = {
  base: 0,
  sticky: 100,
  nav: 200,
  modal: 1200,
  popover: 1300,
  toast: 1400,
  tooltip: 1500,
} as const;

export const sizes = {
  cardWidth: 540,
  sideNavWidth: 240,
  topNavHeight: 56,
  popoverMargin: 16,
  dialogWidth: 480,
  slidePanelWidth: 480,
  inputHeight: { small: 32, medium: 40, large: 48 },
  buttonHeight: { small: 32, medium: 40, large: 48 },
  menuMinWidth: 180,
  tooltipMaxWidth: 320,
  toastWidth: 360,
  tableRowHeight: 48,
  focusRing: 2,
  hairline: 1,
} as const;

export const iconSizes = { small: 24, medium: 32, large: 48 } as const;

/** Milliseconds. */
export const durations = {
  spinnerDelay: { none: 0, short: 400, long: 600 },
  slide: 500,
  fade: 150,
  toast: 5000,
  tooltipOpen: 300,
  copied: 1500,
} as const;

export const breakpoints = ['600px', '900px', '1200px'];
