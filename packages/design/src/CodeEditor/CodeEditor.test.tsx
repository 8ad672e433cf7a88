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

test('typing on while the parent has not yet rendered the last edit loses no keystroke', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Controlled />);
  screen.getByRole('textbox', { name: 'Role YAML' }).focus();
  await user.keyboard('select id');
  expect(screen.getByRole('status').textContent).toBe('select idkind: role\n');
});

test('read-only editors cannot be edited', () => {
  renderWithTheme(<CodeEditor label="Event JSON" language="json" value={'{"a": 1}'} readOnly />);
  expect(screen.getByRole('textbox', { name: 'Event JSON' })).toHaveAttribute('contenteditable', 'false');
});

test('Ctrl+Enter hands the text to onSubmit instead of adding a line', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn();
  renderWithTheme(<CodeEditor label="Statement" language="sql" value="select 1" onSubmit={onSubmit} />);
  const editor = screen.getByRole('textbox', { name: 'Statement' });
  editor.focus();
  await user.keyboard('{Control>}{Enter}{/Control}');
  expect(onSubmit).toHaveBeenCalledWith('select 1');
  expect(editor.querySelectorAll('.cm-line')).toHaveLength(1);
});
