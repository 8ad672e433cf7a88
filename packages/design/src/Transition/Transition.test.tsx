import { act, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { Fade } from './Transition';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('moves through entering, entered, exiting and exited, then unmounts', () => {
  const view = renderWithTheme(<Fade in={false}>hello</Fade>);
  expect(screen.queryByText('hello')).not.toBeInTheDocument();
  view.rerender(<Fade in>hello</Fade>);
  const state = () => screen.getByText('hello').getAttribute('data-state');
  expect(state()).toBe('entering');
  act(() => jest.advanceTimersByTime(150));
  expect(state()).toBe('entered');
  view.rerender(<Fade in={false}>hello</Fade>);
  expect(state()).toBe('exiting');
  act(() => jest.advanceTimersByTime(150));
  expect(screen.queryByText('hello')).not.toBeInTheDocument();
});
