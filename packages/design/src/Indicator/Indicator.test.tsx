import { act, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { Indicator } from './Indicator';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('delay none shows the spinner at once', () => {
  renderWithTheme(<Indicator delay="none" />);
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
});

test.each([
  ['short', 400],
  ['long', 600],
] as const)('delay %s waits %i ms before showing', (delay, ms) => {
  renderWithTheme(<Indicator delay={delay} />);
  act(() => jest.advanceTimersByTime(ms - 1));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
});

test('the default is the short delay', () => {
  renderWithTheme(<Indicator />);
  act(() => jest.advanceTimersByTime(399));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('status')).toBeInTheDocument();
});
