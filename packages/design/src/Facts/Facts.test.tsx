import { screen, within } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { Facts } from './Facts';

test('each fact is a term with its value, in a list named for what they describe', () => {
  renderWithTheme(
    <Facts
      label="Session"
      facts={[
        { term: 'Node', value: 'web-1' },
        { term: 'Parties', value: 'alice, bob' },
      ]}
    />,
  );
  const list = screen.getByLabelText('Session');
  expect(list.tagName).toBe('DL');
  expect(
    within(list)
      .getAllByRole('term')
      .map((t) => t.textContent),
  ).toEqual(['Node', 'Parties']);
  expect(
    within(list)
      .getAllByRole('definition')
      .map((d) => d.textContent),
  ).toEqual(['web-1', 'alice, bob']);
});
