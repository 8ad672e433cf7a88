import type {} from './styled';
import { dark, light, type Palette } from './palettes';
import { space } from './space';
import {
  breakpoints,
  borderWidths,
  durations,
  iconSizes,
  radii,
  radius,
  shadows,
  sizes,
  zIndices,
} from './tokens';
import { fonts, fontSizes, fontWeights, lineHeights, typography } from './typography';

export type ThemeName = 'light' | 'dark';

/** Everything styled-system and the components read: one object per palette, same shape. */
export type Theme = {
  name: ThemeName;
  colors: Palette;
  space: typeof space;
  fonts: typeof fonts;
  fontSizes: typeof fontSizes;
  fontWeights: typeof fontWeights;
  lineHeights: typeof lineHeights;
  typography: typeof typography;
  radii: typeof radii;
  radius: typeof radius;
  borderWidths: typeof borderWidths;
  shadows: typeof shadows;
  zIndices: typeof zIndices;
  sizes: typeof sizes;
  iconSizes: typeof iconSizes;
  durations: typeof durations;
  breakpoints: string[];
};

const make = (name: ThemeName, colors: Palette): Theme => ({
  name,
  colors,
  space,
  fonts,
  fontSizes,
  fontWeights,
  lineHeights,
  typography,
  radii,
  radius,
  borderWidths,
  shadows,
  zIndices,
  sizes,
  iconSizes,
  durations,
  breakpoints,
});

export const lightTheme = make('light', light);
export const darkTheme = make('dark', dark);
export const themes: Record<ThemeName, Theme> = { light: lightTheme, dark: darkTheme };
