import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { Field } from '../Field';
import { FileInput } from './FileInput';

function Upload({ onChange }: { onChange: (files: File[]) => void }) {
  return (
    <Field label="Files">
      {({ id, describedBy }) => <FileInput id={id} aria-describedby={describedBy} multiple onChange={onChange} />}
    </Field>
  );
}

test('the button is reached by Tab and opens the browser’s picker from the keyboard', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Upload onChange={() => {}} />);
  const input = screen.getByLabelText('Files');
  const open = jest.spyOn(input, 'click');
  await user.tab();
  const button = screen.getByRole('button', { name: 'Choose files' });
  expect(button).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.keyboard(' ');
  expect(open).toHaveBeenCalledTimes(2);
  // Only the button is in the tab order; the native input is not a second stop.
  expect(input).toHaveAttribute('tabindex', '-1');
});

test('shows, and describes the button with, the chosen files’ names', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderWithTheme(<Upload onChange={onChange} />);
  const button = screen.getByRole('button', { name: 'Choose files' });
  expect(button).toHaveAccessibleDescription('No file chosen');
  const files = [new File(['a'], 'id_ed25519.pub'), new File(['b'], 'notes.txt')];
  await user.upload(screen.getByLabelText('Files'), files);
  expect(onChange).toHaveBeenCalledWith(files);
  expect(screen.getByText('id_ed25519.pub, notes.txt')).toBeInTheDocument();
  expect(button).toHaveAccessibleDescription('id_ed25519.pub, notes.txt');
});

test('a disabled picker cannot be opened', () => {
  renderWithTheme(<FileInput disabled onChange={() => {}} />);
  expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
});
