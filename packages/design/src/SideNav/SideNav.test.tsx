import { screen, within } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { SideNav, type SideNavGroup } from './SideNav';

const groups: SideNavGroup[] = [
  { category: 'Resources', items: [{ title: 'Resources', to: '/web/cluster/one/resources' }] },
  {
    category: 'Management',
    section: 'Access',
    items: [
      { title: 'Users', to: '/web/users' },
      { title: 'Roles', to: '/web/roles' },
    ],
  },
  {
    category: 'Management',
    section: 'Activity',
    items: [{ title: 'Audit Log', to: '/web/cluster/one/audit', exact: true }],
  },
];

test('is 240 px wide (spec §9)', () => {
  renderWithTheme(<SideNav groups={groups} />);
  expect(screen.getByRole('navigation', { name: 'Main' })).toHaveStyle({ width: '240px' });
});

test('shows each category heading once, section sub-headings, and links', () => {
  renderWithTheme(<SideNav groups={groups} />);
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Resources',
    'Management',
  ]);
  expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Access',
    'Activity',
  ]);
  expect(
    within(screen.getByRole('region', { name: 'Access' })).getByRole('link', { name: 'Users' }),
  ).toHaveAttribute('href', '/web/users');
});

test('marks the item for the current path, including nested paths unless exact', () => {
  const view = renderWithTheme(<SideNav groups={groups} activePath="/web/users/alice" />);
  expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Roles' })).not.toHaveAttribute('aria-current');
  view.rerender(<SideNav groups={groups} activePath="/web/cluster/one/audit/events" />);
  expect(screen.getByRole('link', { name: 'Audit Log' })).not.toHaveAttribute('aria-current');
});

test('headings line up with the start of their items', () => {
  renderWithTheme(<SideNav groups={groups} />);
  const px = (value: string) => Number.parseFloat(value);
  const users = screen.getByRole('link', { name: 'Users' });
  const itemStart =
    px(getComputedStyle(users.closest('ul')!).paddingLeft) + px(getComputedStyle(users).paddingLeft);
  for (const heading of screen.getAllByRole('heading'))
    expect(px(getComputedStyle(heading).marginLeft)).toBe(itemStart);
});
