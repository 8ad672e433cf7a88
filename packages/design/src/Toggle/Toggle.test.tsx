import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../test/render';
import { Toggle } from './Toggle';

const px = (value: string) => Number.parseFloat(value);

/** The knob's gap to each edge of the track, from the computed styles. */
function insets(track: HTMLElement) {
  const knob = track.firstElementChild as HTMLElement;
  const t = getComputedStyle(track);
  const k = getComputedStyle(knob);
  const top = px(k.top);
  const left = px(k.left);
  return {
    top,
    bottom: px(t.height) - top - px(k.height),
    left,
    right: px(t.width) - left - px(k.width),
  };
}

function Live() {
  const [on, setOn] = useState(false);
  return <Toggle checked={on} onChange={setOn} label="Dark theme" />;
}

test('the knob is vertically centred and sits at the same inset from the edge it rests on, off and on', async () => {
  renderWithTheme(<Live />);
  const track = screen.getByRole('switch', { name: 'Dark theme' });

  const off = insets(track);
  expect(off.top).toBeGreaterThan(0);
  expect(off.bottom).toBe(off.top);
  expect(off.left).toBe(off.top);

  await userEvent.click(track);
  expect(track).toHaveAttribute('aria-checked', 'true');
  const on = insets(track);
  expect(on.bottom).toBe(on.top);
  expect(on.right).toBe(on.top);
  expect(on.top).toBe(off.top);
});

test('a disabled switch ignores clicks on its label', async () => {
  const onChange = jest.fn();
  renderWithTheme(<Toggle checked={false} onChange={onChange} label="Record sessions" disabled />);
  await userEvent.click(screen.getByText('Record sessions'));
  expect(onChange).not.toHaveBeenCalled();
});
