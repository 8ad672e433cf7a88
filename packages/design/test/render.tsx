import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider, type ThemeName } from '../src/theme';

/** Renders inside the design system's ThemeProvider, as every consumer must. */
export const renderWithTheme = (ui: ReactElement, themeName: ThemeName = 'light', options?: RenderOptions) =>
  render(ui, {
    wrapper: ({ children }) => <ThemeProvider defaultThemeName={themeName}>{children}</ThemeProvider>,
    ...options,
  });
