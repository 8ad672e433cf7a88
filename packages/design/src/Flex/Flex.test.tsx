import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { Flex } from './Flex';

test('a Flex is a flex container unless told otherwise', () => {
  renderWithTheme(
    <>
      <Flex data-testid="row" gap={2} />
      <Flex data-testid="hidden" display="none" />
      <Flex data-testid="grid" display="grid" />
    </>,
  );
  expect(getComputedStyle(screen.getByTestId('row')).display).toBe('flex');
  expect(getComputedStyle(screen.getByTestId('hidden')).display).toBe('none');
  expect(getComputedStyle(screen.getByTestId('grid')).display).toBe('grid');
});
