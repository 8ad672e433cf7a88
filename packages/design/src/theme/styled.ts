import 'styled-components';
import type { Theme } from './theme';

// styled-components' DefaultTheme is the design system's Theme, wherever this package's source is
// compiled (theme.ts imports this file, so every program that uses the theme sees it).
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
