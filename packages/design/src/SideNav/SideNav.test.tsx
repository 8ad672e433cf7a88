import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { SideNav } from './SideNav';

const categories = [
  { id: 'resources', title: 'Resources', sections: [{ title: 'Infrastructure', items: [{ id: 'servers', title: 'Servers', to: '/servers' }] }] },
  { id: 'management', title: 'Management', sections: [{ title: 'Access', items: [{ id: 'users', title: 'Users', to: '/users' }] }] },
];

test('is 240 px wide (spec §9)', () => {
  renderWithTheme(<SideNav categories={categories} />);
  expect(screen.getByRole('navigation', { name: 'Main' })).toHaveStyle({ width: '240px' });
});

test('opens on the category holding the active item and switches categories', async () => {
  renderWithTheme(<SideNav categories={categories} activeItemId="users" />);
  expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  expect(screen.queryByRole('link', { name: 'Servers' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Resources' }));
  expect(screen.getByRole('link', { name: 'Servers' })).toHaveAttribute('href', '/servers');
});
