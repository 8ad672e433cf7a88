import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'overview', title: 'Overview', content: 'Overview panel' },
  { id: 'labels', title: 'Labels', content: 'Labels panel' },
  { id: 'audit', title: 'Audit', content: 'Audit panel', disabled: true },
  { id: 'access', title: 'Access', content: 'Access panel' },
];

test('only the selected tab is in the Tab order and its panel is labelled by it', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Tabs label="Resource" tabs={tabs} />);
  await user.tab();
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
  expect(screen.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent('Overview panel');
  await user.tab();
  expect(screen.getByRole('tabpanel')).toHaveFocus();
});

test('arrow keys select the next enabled tab and wrap; Home and End jump', async () => {
  const user = userEvent.setup();
  const changes: string[] = [];
  renderWithTheme(<Tabs label="Resource" tabs={tabs} onChange={(id) => changes.push(id)} />);
  await user.tab();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Labels' })).toHaveFocus();
  expect(screen.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Access' })).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('tab', { name: 'Access' })).toHaveFocus();
  await user.keyboard('{Home}');
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
  await user.keyboard('{End}');
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Access panel');
  expect(changes).toEqual(['labels', 'access', 'overview', 'access', 'overview', 'access']);
});
