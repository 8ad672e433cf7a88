import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../Button';
import { renderWithTheme } from '../../test/render';
import { CodeEditor } from './CodeEditor';

// jsdom has no layout; CodeMirror measures text ranges while typing.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function Controlled() {
  const [value, setValue] = useState('kind: role\n');
  return (
    <>
      <CodeEditor label="Role YAML" language="yaml" value={value} onChange={setValue} />
      <output>{value}</output>
      <Button onClick={() => setValue('kind: user\n')}>Reset</Button>
    </>
  );
}

test('shows the value, reports edits and follows a new value from outside', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Controlled />);
  const editor = screen.getByRole('textbox', { name: 'Role YAML' });
  expect(editor).toHaveTextContent('kind: role');
  editor.focus();
  await user.keyboard('x');
  expect(screen.getByRole('status').textContent).toMatch(/x/);
  await user.click(screen.getByRole('button', { name: 'Reset' }));
  expect(editor).toHaveTextContent('kind: user');
  expect(screen.getByRole('status')).toHaveTextContent('kind: user');
});

test('read-only editors cannot be edited', () => {
  renderWithTheme(<CodeEditor label="Event JSON" language="json" value={'{"a": 1}'} readOnly />);
  expect(screen.getByRole('textbox', { name: 'Event JSON' })).toHaveAttribute('contenteditable', 'false');
});
