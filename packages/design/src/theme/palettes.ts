/**
 * The two colour palettes. Every colour a component paints comes from here, so a theme switch is
 * a palette swap. Text levels are chosen to keep at least 4.5:1 contrast on every elevation level
 * (palettes.test.ts checks it), which is what keeps axe's colour-contrast rule quiet in both themes.
 */
export type ButtonState = { background: string; hover: string; active: string; text: string; border: string };
export type ButtonKindColors = Record<'primary' | 'secondary' | 'border' | 'warning' | 'text', ButtonState>;
export type SemanticColor = { main: string; surface: string; text: string };

export type AnsiPalette = {
  foreground: string;
  background: string;
  cursor: string;
  selection: string;
  black: string;
  red: string;
  green: string;
  yellow: string;
  blue: string;
  magenta: string;
  cyan: string;
  white: string;
  brightBlack: string;
  brightRed: string;
  brightGreen: string;
  brightYellow: string;
  brightBlue: string;
  brightMagenta: string;
  brightCyan: string;
  brightWhite: string;
};

export type Palette = {
  /** Elevation from the page's sunken background up to popovers and menus. */
  levels: { sunken: string; surface: string; elevated: string; popout: string };
  brand: string;
  brandSurface: string;
  text: { main: string; slightlyMuted: string; muted: string; disabled: string; primaryInverse: string };
  border: string;
  borderStrong: string;
  focus: string;
  hover: string;
  selected: string;
  overlay: string;
  success: SemanticColor;
  warning: SemanticColor;
  danger: SemanticColor;
  info: SemanticColor;
  buttons: ButtonKindColors & { disabled: { background: string; text: string } };
  ansi: AnsiPalette;
};

export const light: Palette = {
  levels: { sunken: '#F1F2F4', surface: '#FFFFFF', elevated: '#FFFFFF', popout: '#FFFFFF' },
  brand: '#512FC9',
  brandSurface: '#EDE8FF',
  text: {
    main: '#0C143D',
    slightlyMuted: '#353B5C',
    muted: '#545873',
    disabled: '#A0A3B1',
    primaryInverse: '#FFFFFF',
  },
  border: '#D5D7DF',
  borderStrong: '#8A8EA3',
  focus: '#512FC9',
  hover: '#EBECF0',
  selected: '#E3DDFB',
  overlay: 'rgba(12, 20, 61, 0.48)',
  success: { main: '#007A4D', surface: '#E1F5EC', text: '#005C3A' },
  warning: { main: '#F0A000', surface: '#FFF3D6', text: '#6E4A00' },
  danger: { main: '#C3202F', surface: '#FCE4E6', text: '#9B1724' },
  info: { main: '#0B62BA', surface: '#E1EEFC', text: '#0A4F96' },
  buttons: {
    primary: {
      background: '#512FC9',
      hover: '#4126A1',
      active: '#311C79',
      text: '#FFFFFF',
      border: '#512FC9',
    },
    secondary: {
      background: '#E6E7EC',
      hover: '#D7D9E0',
      active: '#C8CAD4',
      text: '#0C143D',
      border: '#E6E7EC',
    },
    border: {
      background: '#FFFFFF',
      hover: '#F1F2F4',
      active: '#E6E7EC',
      text: '#0C143D',
      border: '#8A8EA3',
    },
    warning: {
      background: '#C3202F',
      hover: '#9F1A27',
      active: '#7B141E',
      text: '#FFFFFF',
      border: '#C3202F',
    },
    text: {
      background: 'transparent',
      hover: '#EDE8FF',
      active: '#E3DDFB',
      text: '#512FC9',
      border: 'transparent',
    },
    disabled: { background: '#E6E7EC', text: '#80849A' },
  },
  ansi: {
    foreground: '#0C143D',
    background: '#FFFFFF',
    cursor: '#512FC9',
    selection: '#D8CFFA',
    black: '#000000',
    // On a white terminal every colour must be dark enough to read at 4.5:1, the bright ones too (bold text
    // takes them): here the bright tones are mid tones and the base tones darker still.
    red: '#A61B28',
    green: '#00663F',
    yellow: '#765100',
    blue: '#0A55A3',
    magenta: '#84239A',
    cyan: '#006270',
    white: '#D5D7DF',
    brightBlack: '#545873',
    brightRed: '#C3202F',
    brightGreen: '#007A4D',
    brightYellow: '#8F6300',
    brightBlue: '#0B62BA',
    brightMagenta: '#9B2BB0',
    brightCyan: '#00788A',
    brightWhite: '#F1F2F4',
  },
};

export const dark: Palette = {
  levels: { sunken: '#0C0E1A', surface: '#171A2B', elevated: '#222539', popout: '#2C2F45' },
  brand: '#A58FFF',
  brandSurface: '#2E2860',
  text: {
    main: '#FFFFFF',
    slightlyMuted: '#DCDEE8',
    muted: '#B4B7CB',
    disabled: '#6B6F85',
    primaryInverse: '#0C0E1A',
  },
  border: '#3A3E58',
  borderStrong: '#777B96',
  focus: '#A58FFF',
  hover: '#2F3350',
  selected: '#3A3470',
  overlay: 'rgba(0, 0, 0, 0.6)',
  success: { main: '#3DD68C', surface: '#173D2D', text: '#7CE8B4' },
  warning: { main: '#FFB94F', surface: '#43341A', text: '#FFD28F' },
  danger: { main: '#FF7A7A', surface: '#4A1F26', text: '#FFB0B0' },
  info: { main: '#5EB3FF', surface: '#1B3350', text: '#A3D3FF' },
  buttons: {
    primary: {
      background: '#A58FFF',
      hover: '#B8A6FF',
      active: '#C9BBFF',
      text: '#0C0E1A',
      border: '#A58FFF',
    },
    secondary: {
      background: '#343852',
      hover: '#40456A',
      active: '#4B5178',
      text: '#FFFFFF',
      border: '#343852',
    },
    border: {
      background: 'transparent',
      hover: '#2F3350',
      active: '#3A3E58',
      text: '#FFFFFF',
      border: '#777B96',
    },
    warning: {
      background: '#FF7A7A',
      hover: '#FF9494',
      active: '#FFADAD',
      text: '#0C0E1A',
      border: '#FF7A7A',
    },
    text: {
      background: 'transparent',
      hover: '#2E2860',
      active: '#3A3470',
      text: '#A58FFF',
      border: 'transparent',
    },
    disabled: { background: '#2C2F45', text: '#8A8EA3' },
  },
  ansi: {
    foreground: '#FFFFFF',
    background: '#0C0E1A',
    cursor: '#A58FFF',
    selection: '#3A3470',
    black: '#0C0E1A',
    red: '#FF7A7A',
    green: '#3DD68C',
    yellow: '#FFB94F',
    blue: '#5EB3FF',
    magenta: '#E58FFF',
    cyan: '#4FD8E8',
    white: '#DCDEE8',
    brightBlack: '#777B96',
    brightRed: '#FF9E9E',
    brightGreen: '#7CE8B4',
    brightYellow: '#FFD28F',
    brightBlue: '#A3D3FF',
    brightMagenta: '#F0B8FF',
    brightCyan: '#9AEBF4',
    brightWhite: '#FFFFFF',
  },
};
