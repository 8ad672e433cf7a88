import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { Button } from './Button';

test('each kind paints its palette colours and each size its height', () => {
  renderWithTheme(
    <>
      <Button kind="primary" size="small">
        primary
      </Button>
      <Button kind="warning" size="large">
        warning
      </Button>
    </>,
  );
  expect(screen.getByRole('button', { name: 'primary' })).toHaveStyle({
    backgroundColor: '#512FC9',
    minHeight: '32px',
  });
  expect(screen.getByRole('button', { name: 'warning' })).toHaveStyle({
    backgroundColor: '#C3202F',
    minHeight: '48px',
  });
});

test('a loading button is busy, disabled and ignores clicks', async () => {
  const clicks: number[] = [];
  renderWithTheme(
    <Button loading onClick={() => clicks.push(1)}>
      Save
    </Button>,
  );
  const button = screen.getByRole('button', { name: 'Save' });
  expect(button).toHaveAttribute('aria-busy', 'true');
  expect(button).toBeDisabled();
  expect(screen.getByRole('status', { name: 'Working', hidden: true })).toBeInTheDocument();
  await userEvent.click(button);
  expect(clicks).toEqual([]);
});

test('buttons do not submit forms unless asked to', () => {
  renderWithTheme(<Button>Plain</Button>);
  expect(screen.getByRole('button')).toHaveAttribute('type', 'button');
});
