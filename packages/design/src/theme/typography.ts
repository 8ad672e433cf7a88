/** Font stacks, the type scale (px) and the named text variants `<Text typography="…">` applies. */
export const fonts = {
  body: "Ubuntu, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "'Ubuntu Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
};

export const fontSizes = [10, 12, 14, 16, 18, 20, 24, 32, 40] as const;

export const fontWeights = { regular: 400, medium: 500, bold: 600, heavy: 700 } as const;

export const lineHeights = [12, 16, 20, 24, 28, 32, 40, 48] as const;

export type TypographyVariant = {
  fontSize: number;
  fontWeight: number;
  lineHeight: string;
  letterSpacing?: string;
};

const variant = (
  fontSize: number,
  fontWeight: number,
  lineHeight: number,
  letterSpacing?: number,
): TypographyVariant => ({
  fontSize,
  fontWeight,
  // Unitless line-height is relative, so it is given as a ratio rather than as pixels.
  lineHeight: (lineHeight / fontSize).toFixed(3),
  ...(letterSpacing === undefined ? {} : { letterSpacing: `${letterSpacing}em` }),
});

export const typography = {
  h1: variant(32, fontWeights.bold, 40),
  h2: variant(24, fontWeights.bold, 32),
  h3: variant(18, fontWeights.bold, 24),
  h4: variant(16, fontWeights.bold, 24),
  subtitle1: variant(16, fontWeights.medium, 24),
  subtitle2: variant(14, fontWeights.medium, 20),
  body1: variant(16, fontWeights.regular, 24),
  body2: variant(14, fontWeights.regular, 20),
  body3: variant(12, fontWeights.regular, 16),
  caption: variant(12, fontWeights.medium, 16, 0.02),
  code: variant(14, fontWeights.regular, 20),
} as const;

export type TypographyName = keyof typeof typography;
