import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { Card } from './Card';

test('a card is 540 px wide by default (spec §9)', () => {
  renderWithTheme(<Card data-testid="card">content</Card>);
  expect(screen.getByTestId('card')).toHaveStyle({ width: '540px' });
});

test('the width can be overridden with a system prop', () => {
  renderWithTheme(
    <Card data-testid="card" width={320}>
      content
    </Card>,
  );
  expect(screen.getByTestId('card')).toHaveStyle({ width: '320px' });
});
