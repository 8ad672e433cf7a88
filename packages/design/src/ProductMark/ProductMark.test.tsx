import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { darkTheme, lightTheme } from '../theme';
import { ProductMark } from './ProductMark';

const colourOf = (color: string) => {
  const probe = document.createElement('span');
  probe.style.color = color;
  return probe.style.color;
};

test.each([
  ['light', lightTheme],
  ['dark', darkTheme],
] as const)('in the %s theme the gate and the name are drawn in its brand colour', (name, theme) => {
  renderWithTheme(<ProductMark />, name);
  const mark = screen.getByText('Portcullis');
  expect(getComputedStyle(mark).color).toBe(colourOf(theme.colors.brand));
  // The name says what the gate shows, so the drawing stays out of the accessibility tree.
  expect(mark.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(mark.querySelector('svg')).toHaveAttribute('fill', 'currentColor');
});
