import { lightTheme } from '@portcullis/design';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../testing/renderPage';
import { TopBar } from './TopBar';

/** The colour the text is drawn in: jsdom does not resolve inheritance, so walk up to the first colour set. */
function drawnColour(el: Element | null): string {
  for (; el; el = el.parentElement) {
    const { color } = getComputedStyle(el);
    if (color && color !== 'inherit') return color;
  }
  return '';
}

test('the cluster name is plain text, neither a link nor coloured like one', () => {
  renderPage(<TopBar clusterId="prod" username="alice" />);
  const cluster = within(screen.getByRole('banner')).getByText(/prod/);
  expect(cluster.closest('a')).toBeNull();
  const brand = document.createElement('span');
  brand.style.color = lightTheme.colors.brand;
  expect(drawnColour(cluster)).not.toBe(brand.style.color);
});
