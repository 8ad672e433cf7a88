import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../Button';
import { Input } from '../Input';
import { renderWithTheme } from '../../test/render';
import { Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Rename"
        actions={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <Input aria-label="Name" />
      </Dialog>
    </>
  );
}

const open = async () => {
  const user = userEvent.setup();
  renderWithTheme(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rename' });
  return { user, dialog };
};

test('opens as a modal named by its title, above everything at z-index 1200', async () => {
  const { dialog } = await open();
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByTestId('dialog-backdrop')).toHaveStyle({ zIndex: '1200' });
});

test('Tab cycles inside the dialog and never reaches the page behind', async () => {
  const { user, dialog } = await open();
  const seen = new Set<Element | null>();
  for (let i = 0; i < 6; i += 1) {
    await user.tab();
    // floating-ui's focus guards hand focus back inside on the next frame.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    seen.add(document.activeElement);
  }
  expect([...seen].map((el) => el?.getAttribute('aria-label') ?? el?.textContent).sort()).toEqual([
    'Close',
    'Name',
    'Save',
  ]);
});

test('Escape closes it and focus goes back to the opener', async () => {
  const { user } = await open();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('the page behind cannot scroll while it is open', async () => {
  await open();
  expect(document.body.style.overflow).toBe('hidden');
});
