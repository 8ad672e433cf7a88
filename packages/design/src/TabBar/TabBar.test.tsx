import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../test/render';
import { TabBar } from './TabBar';

function Sessions() {
  const [tabs, setTabs] = useState([
    { id: 'a', title: 'root@web-1' },
    { id: 'b', title: 'alice@db-1' },
    { id: 'c', title: 'bob@cache' },
  ]);
  const [active, setActive] = useState('a');
  return (
    <TabBar
      label="Sessions"
      tabs={tabs}
      activeId={active}
      onSelect={setActive}
      onClose={(id) => setTabs((all) => all.filter((t) => t.id !== id))}
      onAdd={() => setTabs((all) => [...all, { id: 'd', title: 'new' }])}
    />
  );
}

test('arrow keys select tabs, Delete and the close buttons close them, + adds one', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Sessions />);
  expect(screen.getByRole('tablist', { name: 'Sessions' })).toBeInTheDocument();
  await user.tab();
  expect(screen.getByRole('tab', { name: 'root@web-1' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'alice@db-1' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'alice@db-1' })).toHaveFocus();
  await user.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(screen.getByRole('tab', { name: 'bob@cache' })).toHaveFocus();
  await user.keyboard('{Delete}');
  expect(screen.queryByRole('tab', { name: 'bob@cache' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Close root@web-1' }));
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['alice@db-1']);
  await user.click(screen.getByRole('button', { name: 'New tab' }));
  expect(screen.getAllByRole('tab')).toHaveLength(2);
});
