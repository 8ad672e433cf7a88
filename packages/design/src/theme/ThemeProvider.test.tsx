import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from './ThemeProvider';
import { ThemeProvider } from './ThemeProvider';

function Probe() {
  const { themeName, theme, toggleTheme, setThemeName } = useTheme();
  return (
    <>
      <output>{`${themeName} ${theme.colors.levels.sunken}`}</output>
      <button onClick={toggleTheme}>toggle</button>
      <button onClick={() => setThemeName('light')}>light</button>
    </>
  );
}

test('useTheme reads the current theme and switches it', async () => {
  const changes: string[] = [];
  render(
    <ThemeProvider onThemeChange={(name) => changes.push(name)}>
      <Probe />
    </ThemeProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('light #F1F2F4');
  await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
  expect(screen.getByRole('status')).toHaveTextContent('dark #0C0E1A');
  await userEvent.click(screen.getByRole('button', { name: 'light' }));
  expect(changes).toEqual(['dark', 'light']);
});

test('a controlled provider shows the theme it is given and only reports requests', async () => {
  const changes: string[] = [];
  render(
    <ThemeProvider themeName="dark" onThemeChange={(name) => changes.push(name)}>
      <Probe />
    </ThemeProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
  expect(screen.getByRole('status')).toHaveTextContent('dark');
  expect(changes).toEqual(['light']);
});

test('useTheme outside a provider says what is wrong', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<Probe />)).toThrow('useTheme must be used inside <ThemeProvider>');
});
