import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { renderWithTheme } from '../../test/render';
import { ToastProvider, useToasts } from './ToastProvider';

function Notify({ sticky }: { sticky?: boolean }) {
  const { add } = useToasts();
  return <Button onClick={() => add({ kind: 'success', title: 'Saved', sticky })}>Save</Button>;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a toast appears in the notifications region and leaves after five seconds', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithTheme(
    <ToastProvider>
      <Notify />
    </ToastProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Saved');
  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByText('Saved')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Saved')).not.toBeInTheDocument();
});

test('a sticky toast stays until dismissed', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithTheme(
    <ToastProvider>
      <Notify sticky />
    </ToastProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Save' }));
  act(() => jest.advanceTimersByTime(60_000));
  await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
  expect(screen.queryByText('Saved')).not.toBeInTheDocument();
});
