import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { Menu } from './Menu';

const setup = () => {
  const picked: string[] = [];
  const items = ['Edit', 'Duplicate', 'Archive', 'Delete'].map((label) => ({
    label,
    onSelect: () => picked.push(label),
    disabled: label === 'Archive',
  }));
  renderWithTheme(<Menu label="Actions" items={items} />);
  return { picked, user: userEvent.setup() };
};

test('Enter on the trigger opens the menu on its first item; arrows move, skipping disabled items, and wrap', async () => {
  const { picked, user } = setup();
  await user.tab();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('menu', { name: 'Actions' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(picked).toEqual(['Delete']);
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
});

test('typing a letter jumps to the item it starts', async () => {
  const { user } = setup();
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  await user.keyboard('{ArrowDown}');
  await user.keyboard('d');
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Duplicate' })).toHaveFocus());
});

test('Escape closes the menu and gives focus back to the trigger', async () => {
  const { picked, user } = setup();
  const trigger = screen.getByRole('button', { name: 'Actions' });
  await user.click(trigger);
  await user.keyboard('{ArrowDown}');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(trigger).toHaveFocus();
  expect(picked).toEqual([]);
});

test('items with `to` are links', async () => {
  renderWithTheme(
    <Menu
      label="User"
      items={[
        { label: 'Account Settings', to: '/web/account' },
        { label: 'Logout', onSelect: () => {} },
      ]}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'User' }));
  expect(await screen.findByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute(
    'href',
    '/web/account',
  );
  expect(screen.getByRole('menuitem', { name: 'Logout' }).tagName).toBe('BUTTON');
});

test('a trigger whose text is the same on every row takes an accessible name of its own, as does its list', async () => {
  renderWithTheme(
    <>
      <Menu label="Join" accessibleName="Join web-1" items={[{ label: 'Observer', to: '/join/web-1' }]} />
      <Menu label="Join" accessibleName="Join db-1" items={[{ label: 'Observer', to: '/join/db-1' }]} />
    </>,
  );
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Join', 'Join']);
  await userEvent.click(screen.getByRole('button', { name: 'Join db-1' }));
  const list = await screen.findByRole('menu', { name: 'Join db-1' });
  expect(screen.getByRole('menuitem', { name: 'Observer' })).toHaveAttribute('href', '/join/db-1');
  expect(list).toBeInTheDocument();
});
