import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { ConfirmDialog } from './ConfirmDialog';

test('confirm and cancel report, and the error is shown', async () => {
  const calls: string[] = [];
  renderWithTheme(
    <ConfirmDialog
      open
      title="Delete user"
      confirmText="Delete user"
      error="Forbidden"
      onConfirm={() => calls.push('confirm')}
      onCancel={() => calls.push('cancel')}
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Forbidden');
  await userEvent.click(screen.getByRole('button', { name: 'Delete user' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(calls).toEqual(['confirm', 'cancel']);
});

test('while busy, Escape and Cancel do nothing and the confirm button spins', async () => {
  const calls: string[] = [];
  renderWithTheme(
    <ConfirmDialog
      open
      busy
      title="Delete user"
      confirmText="Delete user"
      onConfirm={() => calls.push('confirm')}
      onCancel={() => calls.push('cancel')}
    />,
  );
  expect(screen.getByRole('button', { name: 'Delete user' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await userEvent.keyboard('{Escape}');
  expect(calls).toEqual([]);
});
