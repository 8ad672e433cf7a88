import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { ThemeToggle } from './ThemeToggle';
import { TopNav } from './TopNav';

test('the theme toggle in the top bar switches the palette the bar is painted with', async () => {
  renderWithTheme(<TopNav brand="Portcullis" actions={<ThemeToggle />} />);
  expect(screen.getByRole('banner')).toHaveTextContent('Portcullis');
  const barBackground = () => getComputedStyle(screen.getByRole('banner')).backgroundColor;
  expect(barBackground()).toBe('rgb(255, 255, 255)');
  await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(barBackground()).toBe('rgb(23, 26, 43)');
  expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
});
