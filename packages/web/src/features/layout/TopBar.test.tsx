import { lightTheme } from '@portcullis/design';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
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

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

test('the user menu leads to every page the side navigation does not list, Settings included', async () => {
  const user = userEvent.setup();
  renderPage(
    <>
      <TopBar clusterId="prod" username="alice" />
      <Location />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'alice' }));
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Account Settings', 'Settings', 'Help & Support', 'Logout']);
  await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
  expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/web/settings');
});
