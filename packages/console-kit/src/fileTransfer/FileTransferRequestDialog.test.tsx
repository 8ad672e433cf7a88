import { ThemeProvider } from '@portcullis/design';
import type { FileTransferRequest } from '@portcullis/shared';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileTransferRequestDialog, useFileTransferRequests } from './FileTransferRequestDialog';

const download: FileTransferRequest = { type: 'file-transfer-request', requestId: 'r1', requester: 'alice', download: true, location: '/etc/hosts' };
const upload: FileTransferRequest = { type: 'file-transfer-request', requestId: 'r2', requester: 'alice', download: false, location: '/tmp', filename: 'notes.txt' };

test('names the requester, the direction and the path, and answers with Approve or Deny', async () => {
  const user = userEvent.setup();
  const onDecide = jest.fn();
  const { rerender } = render(
    <ThemeProvider>
      <FileTransferRequestDialog request={download} onDecide={onDecide} onDismiss={jest.fn()} />
    </ThemeProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'File transfer request' });
  expect(within(dialog).getByText('alice wants to download /etc/hosts')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(onDecide).toHaveBeenLastCalledWith('r1', true);

  rerender(
    <ThemeProvider>
      <FileTransferRequestDialog request={upload} onDecide={onDecide} onDismiss={jest.fn()} />
    </ThemeProvider>,
  );
  expect(screen.getByText('alice wants to upload notes.txt to /tmp')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Deny' }));
  expect(onDecide).toHaveBeenLastCalledWith('r2', false);
});

test('closing it decides nothing', async () => {
  const user = userEvent.setup();
  const onDecide = jest.fn();
  const onDismiss = jest.fn();
  render(
    <ThemeProvider>
      <FileTransferRequestDialog request={download} onDecide={onDecide} onDismiss={onDismiss} />
    </ThemeProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(onDismiss).toHaveBeenCalledWith('r1');
  expect(onDecide).not.toHaveBeenCalled();
});

test('keeps the requests in order until someone decides them', () => {
  const { result } = renderHook(() => useFileTransferRequests());
  act(() => result.current.received(download));
  act(() => result.current.received(upload));
  expect(result.current.current).toEqual(download);
  act(() => result.current.decided({ type: 'file-transfer-decision', requestId: 'r1', approved: true, moderator: 'bob' }));
  expect(result.current.current).toEqual(upload);
  act(() => result.current.dismiss('r2'));
  expect(result.current.current).toBeUndefined();
});
