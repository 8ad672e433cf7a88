import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { CopyButton } from './CopyButton';

test('puts the value on the clipboard and says so', async () => {
  const user = userEvent.setup();
  renderWithTheme(<CopyButton value="tctl nodes add" label="Copy command" />);
  await user.click(screen.getByRole('button', { name: 'Copy command' }));
  expect(await navigator.clipboard.readText()).toBe('tctl nodes add');
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
});
