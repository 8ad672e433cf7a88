import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../test/render';
import { Dialog } from '../Dialog';
import { lightTheme } from '../theme';
import { Select } from './Select';

const options = [
  { value: 'admin', label: 'Admin' },
  { value: 'auditor', label: 'Auditor' },
  { value: 'editor', label: 'Editor', disabled: true },
  { value: 'access', label: 'Access' },
];

function Single({ searchable = false }: { searchable?: boolean }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select
        aria-label="Role"
        options={options}
        value={value}
        onChange={setValue}
        isSearchable={searchable}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

function Multi() {
  const [value, setValue] = useState<string[]>(['admin']);
  return (
    <>
      <Select aria-label="Roles" isMulti isSearchable options={options} value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </>
  );
}

test('arrow keys open the list and move the active option, skipping disabled ones; Enter picks and closes', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Single />);
  await user.tab();
  expect(screen.getByRole('combobox', { name: 'Role' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByRole('listbox')).toBeInTheDocument();
  const combobox = screen.getByRole('combobox');
  const activeLabel = () =>
    document.getElementById(combobox.getAttribute('aria-activedescendant') ?? '')?.textContent;
  await waitFor(() => expect(activeLabel()).toBe('Admin'));
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(activeLabel()).toBe('Access');
  await user.keyboard('{Enter}');
  expect(screen.getByText('access', { selector: 'output' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  expect(combobox).toHaveValue('Access');
});

test('Escape closes the list without choosing', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Single />);
  await user.tab();
  await user.keyboard('{ArrowDown}');
  await screen.findByRole('listbox');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  expect(screen.getByText('none', { selector: 'output' })).toBeInTheDocument();
});

test('typing filters a searchable select', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Single searchable />);
  await user.click(screen.getByRole('combobox'));
  await user.keyboard('au');
  const listbox = await screen.findByRole('listbox');
  expect([...listbox.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual(['Auditor']);
  await user.keyboard('{Enter}');
  expect(screen.getByText('auditor', { selector: 'output' })).toBeInTheDocument();
});

test('a multi-select keeps the list open, toggles choices and Backspace removes the last one', async () => {
  const user = userEvent.setup();
  renderWithTheme(<Multi />);
  await user.click(screen.getByRole('combobox'));
  await user.keyboard('acc{Enter}');
  expect(screen.getByText('admin,access', { selector: 'output' })).toBeInTheDocument();
  expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
  await user.keyboard('{Backspace}');
  expect(screen.getByText('admin', { selector: 'output' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remove Admin' }));
  expect(screen.getByText('', { selector: 'output' })).toBeInTheDocument();
});

test('a creatable select offers the typed text as a new value', async () => {
  function Traits() {
    const [value, setValue] = useState<string[]>([]);
    return (
      <>
        <Select
          aria-label="Logins"
          isMulti
          isCreatable
          options={[{ value: 'root', label: 'root' }]}
          value={value}
          onChange={setValue}
        />
        <output>{value.join(',')}</output>
      </>
    );
  }
  const user = userEvent.setup();
  renderWithTheme(<Traits />);
  await user.click(screen.getByRole('combobox'));
  await user.keyboard('ubuntu');
  expect(screen.getByRole('option', { name: 'Create "ubuntu"' })).toBeInTheDocument();
  await user.keyboard('{Enter}');
  expect(screen.getByText('ubuntu', { selector: 'output' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Remove ubuntu' })).toBeInTheDocument();
});

/** A person's first click comes after the dialog has taken the focus (its Close button), as it does on opening. */
const dialogFocused = () => waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());

test('inside a Dialog, clicking an option picks it and leaves the dialog open', async () => {
  function InDialog() {
    const [value, setValue] = useState<string | null>(null);
    const [open, setOpen] = useState(true);
    return (
      <Dialog open={open} onClose={() => setOpen(false)} title="Create user">
        <Select aria-label="Role" options={options} value={value} onChange={setValue} />
        <output>{value ?? 'none'}</output>
      </Dialog>
    );
  }
  const user = userEvent.setup();
  renderWithTheme(<InDialog />);
  await dialogFocused();
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: 'Auditor' }));
  expect(screen.getByRole('dialog', { name: 'Create user' })).toBeInTheDocument();
  expect(screen.getByText('auditor', { selector: 'output' })).toBeInTheDocument();
  expect(screen.getByRole('dialog').contains(screen.getByRole('combobox'))).toBe(true);
});

test('a small single select is one small input high and keeps its text and arrow on one line', () => {
  renderWithTheme(
    <Select aria-label="Speed" size="small" options={options} value="auditor" onChange={() => {}} />,
  );
  const search = screen.getByRole('combobox', { name: 'Speed' });
  const control = getComputedStyle(search.parentElement!);
  expect(control.minHeight).toBe(`${lightTheme.sizes.inputHeight.small}px`);
  expect(control.flexWrap).toBe('nowrap');
  expect(control.paddingTop).toBe('0px');
  // A minimum width on the text would push the arrow onto a second line in a narrow control.
  expect(getComputedStyle(search).minWidth).toBe('0px');
});

test('a multi select still wraps its chips', () => {
  renderWithTheme(<Multi />);
  expect(getComputedStyle(screen.getByRole('combobox').parentElement!).flexWrap).toBe('wrap');
});

test('a multi-select’s list, left open for more picks, closes when the focus leaves the field, keeping the picks', async () => {
  function Form() {
    const [value, setValue] = useState<string[]>([]);
    return (
      <Dialog open onClose={() => undefined} title="Create user">
        <input aria-label="Username" />
        <Select aria-label="Roles" isMulti options={options} value={value} onChange={setValue} />
        <output>{value.join(',')}</output>
      </Dialog>
    );
  }
  const user = userEvent.setup();
  renderWithTheme(<Form />);
  await dialogFocused();
  await user.click(screen.getByRole('combobox', { name: 'Roles' }));
  await user.click(await screen.findByRole('option', { name: 'Auditor' }));
  await user.click(screen.getByRole('option', { name: 'Access' }));
  expect(screen.getByRole('listbox')).toBeInTheDocument();
  await user.click(screen.getByRole('textbox', { name: 'Username' }));
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(screen.getByText('auditor,access', { selector: 'output' })).toBeInTheDocument();
  await user.click(screen.getByRole('combobox', { name: 'Roles' }));
  expect(screen.getByRole('listbox')).toBeInTheDocument();
  await user.tab();
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
});
