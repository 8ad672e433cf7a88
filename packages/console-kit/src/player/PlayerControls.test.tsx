import { lightTheme, ThemeProvider } from '@portcullis/design';
import { fireEvent, render, screen } from '@testing-library/react';
import { PlayerControls } from './PlayerControls';

const renderControls = (status: 'playing' | 'paused') => {
  const calls: string[] = [];
  render(
    <ThemeProvider>
      <PlayerControls
        state={{ status, position: 65_000, duration: 3_725_000, speed: 1 }}
        onToggle={() => calls.push('toggle')}
        onSeek={(ms) => calls.push(`seek ${ms}`)}
        onSpeed={(s) => calls.push(`speed ${s}`)}
      />
    </ThemeProvider>,
  );
  return calls;
};

test('shows the time against the length and seeks from the bar', () => {
  const calls = renderControls('playing');
  expect(screen.getByTestId('player-time')).toHaveTextContent('1:05 / 1:02:05');
  const bar = screen.getByRole('slider', { name: 'Seek' });
  expect(bar).toHaveAttribute('aria-valuetext', '1:05 of 1:02:05');
  fireEvent.change(bar, { target: { value: '1800000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
  expect(calls).toEqual(['seek 1800000', 'toggle']);
});

test('offers Play while paused', () => {
  renderControls('paused');
  expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
});

test('the speed is a small select, one line high beside the small Play button', () => {
  renderControls('paused');
  const speed = screen.getByRole('combobox', { name: 'Speed' });
  expect(speed).toHaveValue('1×');
  expect(getComputedStyle(speed.parentElement!).minHeight).toBe(`${lightTheme.sizes.inputHeight.small}px`);
});
