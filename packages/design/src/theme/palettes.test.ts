import { dark, light, type Palette } from './palettes';

// WCAG 2 relative luminance and contrast ratio, for opaque #RRGGBB colours.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const shape = (p: object): unknown =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'object' ? shape(v) : typeof v]));

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s palette', (_name, p: Palette) => {
  test.each(['main', 'slightlyMuted', 'muted'] as const)(
    'text %s reads at 4.5:1 on every elevation level',
    (level) => {
      for (const background of Object.values(p.levels))
        expect(contrast(p.text[level], background)).toBeGreaterThanOrEqual(4.5);
    },
  );
  test.each(['primary', 'secondary', 'border', 'warning'] as const)(
    '%s button text reads at 4.5:1 in every state',
    (kind) => {
      const b = p.buttons[kind];
      for (const bg of [b.background, b.hover, b.active]) {
        expect(contrast(b.text, bg === 'transparent' ? p.levels.surface : bg)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
  test('the text button and links read at 4.5:1 on surfaces', () => {
    expect(contrast(p.buttons.text.text, p.levels.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.brand, p.levels.surface)).toBeGreaterThanOrEqual(4.5);
  });
  test.each(['success', 'warning', 'danger', 'info'] as const)(
    '%s text reads at 4.5:1 on its own surface',
    (kind) => {
      expect(contrast(p[kind].text, p[kind].surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.text.main, p[kind].surface)).toBeGreaterThanOrEqual(4.5);
    },
  );
  test('the terminal foreground reads on its background', () => {
    expect(contrast(p.ansi.foreground, p.ansi.background)).toBeGreaterThanOrEqual(7);
  });
  // Black, white and bright white are the background's own family in one theme or the other.
  test.each(['red', 'green', 'yellow', 'blue', 'magenta', 'cyan'] as const)('terminal %s and its bright tone read at 4.5:1', (hue) => {
    const bright = `bright${hue[0]!.toUpperCase()}${hue.slice(1)}` as keyof typeof p.ansi;
    expect(contrast(p.ansi[hue], p.ansi.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(p.ansi[bright], p.ansi.background)).toBeGreaterThanOrEqual(4.5);
  });
});

test('light and dark have the same keys', () => {
  expect(shape(dark)).toEqual(shape(light));
});
