import { ThemeProvider } from '@portcullis/design';
import { StorageKey } from '@portcullis/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { themeNameAtom } from '../../themeAtom';
import SettingsPage from './SettingsPage';

/** The App's wiring of the theme: the persisted atom drives the design ThemeProvider. */
function Themed({ children }: { children: ReactNode }) {
  const [themeName, setThemeName] = useAtom(themeNameAtom);
  return (
    <ThemeProvider themeName={themeName} onThemeChange={setThemeName}>
      {children}
    </ThemeProvider>
  );
}

const renderSettings = () =>
  render(
    <Provider>
      <Themed>
        <SettingsPage />
      </Themed>
    </Provider>,
  );

beforeEach(() => localStorage.clear());

test('the theme is light by default, and a switch is stored', async () => {
  renderSettings();
  const toggle = screen.getByRole('switch', { name: 'Dark theme' });
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(localStorage.getItem(StorageKey.THEME)).toBe('dark');
});

test('a switch made in another tab is followed', () => {
  renderSettings();
  act(() => {
    localStorage.setItem(StorageKey.THEME, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.THEME, newValue: 'dark' }));
  });
  expect(screen.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
});
