import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { themes, type Theme, type ThemeName } from './theme';

type ThemeSwitch = {
  theme: Theme;
  themeName: ThemeName;
  setThemeName: (name: ThemeName) => void;
  toggleTheme: () => void;
};

const ThemeSwitchContext = createContext<ThemeSwitch | null>(null);

export type ThemeProviderProps = {
  children?: ReactNode;
  /** Controlled theme name; pair with onThemeChange. Where the choice is stored is the app's business. */
  themeName?: ThemeName;
  /** Initial theme when uncontrolled. */
  defaultThemeName?: ThemeName;
  onThemeChange?: (name: ThemeName) => void;
  /** Leave out the page-wide styles, e.g. when embedding inside a page that owns them. */
  withoutGlobalStyle?: boolean;
};

export function ThemeProvider({
  children,
  themeName,
  defaultThemeName = 'light',
  onThemeChange,
  withoutGlobalStyle,
}: ThemeProviderProps) {
  const [own, setOwn] = useState<ThemeName>(defaultThemeName);
  const current = themeName ?? own;
  const setThemeName = useCallback(
    (name: ThemeName) => {
      setOwn(name);
      onThemeChange?.(name);
    },
    [onThemeChange],
  );
  const value = useMemo<ThemeSwitch>(
    () => ({
      theme: themes[current],
      themeName: current,
      setThemeName,
      toggleTheme: () => setThemeName(current === 'light' ? 'dark' : 'light'),
    }),
    [current, setThemeName],
  );
  return (
    <ThemeSwitchContext.Provider value={value}>
      <StyledThemeProvider theme={value.theme}>
        {withoutGlobalStyle ? null : <GlobalStyle />}
        {children}
      </StyledThemeProvider>
    </ThemeSwitchContext.Provider>
  );
}

/** The current theme and the means to switch it; only inside a ThemeProvider. */
export function useTheme(): ThemeSwitch {
  const value = useContext(ThemeSwitchContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
