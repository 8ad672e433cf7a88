import { ThemeProvider } from '@portcullis/design';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { GatewayAccess } from '../gateway';
import { FileTransferBar } from './FileTransferBar';
import { TransferApprovals } from './transferApprovals';
import { downloadFile, type TransferProgress, uploadFile } from './transferFile';

// The HTTP side has its own tests (transferFile.test.ts); here the transfers are driven by the test.
jest.mock('./transferFile', () => ({ uploadFile: jest.fn(), downloadFile: jest.fn() }));

type Options = { onProgress: (p: TransferProgress) => void };
const upload = jest.mocked(uploadFile);
const download = jest.mocked(downloadFile);

/** A transfer the test finishes by hand, after reporting progress. */
function pending<T>() {
  let settle!: { resolve: (v: T) => void; reject: (e: Error) => void };
  let options!: Options;
  const start = (o: Options) =>
    new Promise<T>((resolve, reject) => {
      options = o;
      settle = { resolve, reject };
    });
  return { start, progress: (p: TransferProgress) => options.onProgress(p), settle: () => settle };
}

const target = { clusterId: 'main', serverId: 'n1', login: 'root' };
// Only the mocked transfers would read the session, so the bar is given an empty one.
const gateway = {} as GatewayAccess;

const renderBar = (ui: ReactElement) => render(<ThemeProvider>{ui}</ThemeProvider>);

/** Opens a dialog from the bar and waits for it to take focus, so typing is not raced by its focus trap. */
async function openDialog(user: ReturnType<typeof userEvent.setup>, button: string, title?: string) {
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog', title ? { name: title } : {});
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return dialog;
}

beforeEach(() => {
  upload.mockReset();
  download.mockReset();
});

test('uploads each chosen file into the target directory, showing progress, then says what was uploaded', async () => {
  const user = userEvent.setup();
  const first = pending<void>();
  upload.mockImplementationOnce((_t, _d, _f, o) => first.start(o));
  upload.mockImplementationOnce(() => Promise.resolve());
  renderBar(<FileTransferBar {...target} gateway={gateway} />);
  const dialog = await openDialog(user, 'Upload files', 'Upload to root@n1');
  await user.type(within(dialog).getByLabelText(/Target directory/), '/tmp');
  const files = [new File(['one'], 'a.txt'), new File(['two'], 'b.txt')];
  await user.upload(within(dialog).getByLabelText(/Files/), files);
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(upload).toHaveBeenCalledWith(target, '/tmp', files[0], expect.anything());
  // Progress arrives from the network, outside any user event.
  act(() => first.progress({ loaded: 1, total: 4 }));
  expect(await within(dialog).findByText('25%')).toBeInTheDocument();
  expect(within(dialog).getByRole('progressbar', { name: 'Transfer progress' })).toHaveAttribute('aria-valuenow', '25');
  await act(async () => first.settle().resolve());
  expect(await within(dialog).findByText('Uploaded a.txt, b.txt to /tmp')).toBeInTheDocument();
  expect(upload).toHaveBeenLastCalledWith(target, '/tmp', files[1], expect.anything());
});

test('a refused upload shows the server’s message and stops before the next file', async () => {
  const user = userEvent.setup();
  upload.mockRejectedValueOnce(new Error('access denied to root@n1'));
  renderBar(<FileTransferBar {...target} gateway={gateway} />);
  const dialog = await openDialog(user, 'Upload files');
  await user.type(within(dialog).getByLabelText(/Target directory/), '/root');
  await user.upload(within(dialog).getByLabelText(/Files/), [new File(['1'], 'a'), new File(['2'], 'b')]);
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await within(dialog).findByText('access denied to root@n1')).toBeInTheDocument();
  expect(upload).toHaveBeenCalledTimes(1);
});

test('downloads a path and hands the bytes to the browser under the file’s own name', async () => {
  const user = userEvent.setup();
  const saveFile = jest.fn();
  const blob = new Blob(['node1\n']);
  download.mockImplementation((_t, _p, o) => {
    o.onProgress({ loaded: 6 });
    return Promise.resolve(blob);
  });
  renderBar(<FileTransferBar {...target} gateway={gateway} saveFile={saveFile} />);
  const dialog = await openDialog(user, 'Download a file', 'Download from root@n1');
  await user.type(within(dialog).getByLabelText(/File path/), '/etc/hostname');
  await user.click(within(dialog).getByRole('button', { name: 'Download' }));
  expect(await within(dialog).findByText('Downloaded hostname')).toBeInTheDocument();
  expect(download).toHaveBeenCalledWith(target, '/etc/hostname', expect.anything());
  expect(saveFile).toHaveBeenCalledWith(blob, 'hostname');
});

test('a failed download shows the error and saves nothing', async () => {
  const user = userEvent.setup();
  const saveFile = jest.fn();
  download.mockRejectedValue(new Error('no such file: /etc/nope'));
  renderBar(<FileTransferBar {...target} gateway={gateway} saveFile={saveFile} />);
  const dialog = await openDialog(user, 'Download a file');
  await user.type(within(dialog).getByLabelText(/File path/), '/etc/nope');
  await user.click(within(dialog).getByRole('button', { name: 'Download' }));
  expect(await within(dialog).findByText('no such file: /etc/nope')).toBeInTheDocument();
  expect(saveFile).not.toHaveBeenCalled();
});

test.each([
  ['root', '/root'],
  ['deploy', '/home/deploy'],
])('the target directory hint for %s is its home, %s', async (login, home) => {
  const user = userEvent.setup();
  renderBar(<FileTransferBar {...target} login={login} gateway={gateway} />);
  const dialog = await openDialog(user, 'Upload files');
  expect(within(dialog).getByLabelText(/Target directory/)).toHaveAttribute('placeholder', home);
});

test('files are chosen with a styled picker button that names the chosen files', async () => {
  const user = userEvent.setup();
  renderBar(<FileTransferBar {...target} gateway={gateway} />);
  const dialog = await openDialog(user, 'Upload files');
  const picker = within(dialog).getByRole('button', { name: 'Choose files' });
  await user.upload(within(dialog).getByLabelText(/Files/), [new File(['1'], 'deploy.sh')]);
  expect(picker).toHaveAccessibleDescription('deploy.sh');
});

test('the dialogs name the node by its hostname, not its id', async () => {
  const user = userEvent.setup();
  renderBar(<FileTransferBar {...target} nodeName="web-1" gateway={gateway} />);
  expect(await openDialog(user, 'Upload files')).toHaveAccessibleName('Upload to root@web-1');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(await openDialog(user, 'Download a file')).toHaveAccessibleName('Download from root@web-1');
});

test('a node and login that need a second factor ask for it before each transfer, which carries the answer', async () => {
  const user = userEvent.setup();
  const posted: string[] = [];
  const api = {
    post: async (path: string) => {
      posted.push(path);
      return path.endsWith('/mfa/required') ? { required: true } : { totp_challenge: true };
    },
  };
  const ask = jest.fn().mockResolvedValue({ totp_code: '123456' });
  download.mockResolvedValue(new Blob(['x']));
  renderBar(<FileTransferBar {...target} gateway={{ api } as unknown as GatewayAccess} saveFile={jest.fn()} askSecondFactor={ask} />);
  const dialog = await openDialog(user, 'Download a file');
  await user.type(within(dialog).getByLabelText(/File path/), '/etc/hostname');
  await user.click(within(dialog).getByRole('button', { name: 'Download' }));
  expect(await within(dialog).findByText('Downloaded hostname')).toBeInTheDocument();
  expect(posted).toEqual(['/v1/webapi/sites/main/mfa/required', '/v1/webapi/mfa/authenticatechallenge']);
  expect(ask).toHaveBeenCalledWith({ totp_challenge: true });
  expect(download).toHaveBeenCalledWith(target, '/etc/hostname', expect.objectContaining({ mfaResponse: { totp_code: '123456' } }));
});

test('a second factor not given stops the transfer and says so', async () => {
  const user = userEvent.setup();
  const api = { post: async (path: string) => (path.endsWith('/mfa/required') ? { required: true } : { totp_challenge: true }) };
  const ask = jest.fn().mockRejectedValue(new Error('The second factor was not given.'));
  renderBar(<FileTransferBar {...target} gateway={{ api } as unknown as GatewayAccess} askSecondFactor={ask} />);
  const dialog = await openDialog(user, 'Upload files');
  await user.type(within(dialog).getByLabelText(/Target directory/), '/tmp');
  await user.upload(within(dialog).getByLabelText(/Files/), [new File(['1'], 'a.txt')]);
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await within(dialog).findByText('The second factor was not given.')).toBeInTheDocument();
  expect(upload).not.toHaveBeenCalled();
});

describe('in a moderated session', () => {
  /** Approvals whose requests the test answers, as a moderator would through the gateway. */
  function moderatedSession() {
    const approvals = new TransferApprovals();
    const asked: unknown[] = [];
    approvals.connect((spec) => asked.push(spec));
    const answer = (requestId: string, approved: boolean, spec: { download: boolean; location: string; filename?: string }) =>
      // The decision arrives from the network; the transfer it releases continues inside act.
      act(async () => {
        approvals.received({ type: 'file-transfer-request', requestId, requester: 'alice', ...spec });
        approvals.decided({ type: 'file-transfer-decision', requestId, approved, moderator: 'bob' });
      });
    return { moderation: { sessionId: 's1', approvals }, asked, answer };
  }

  test('a download waits for a moderator, then runs with the approval', async () => {
    const user = userEvent.setup();
    const session = moderatedSession();
    download.mockResolvedValueOnce(new Blob(['x']));
    renderBar(<FileTransferBar {...target} gateway={gateway} moderation={session.moderation} saveFile={jest.fn()} />);
    const dialog = await openDialog(user, 'Download a file');
    await user.type(within(dialog).getByLabelText(/File path/), '/etc/hosts');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Waiting for a moderator to approve')).toBeInTheDocument();
    expect(session.asked).toEqual([{ download: true, location: '/etc/hosts' }]);
    expect(download).not.toHaveBeenCalled();
    await session.answer('r1', true, { download: true, location: '/etc/hosts' });
    expect(await within(dialog).findByText('Downloaded hosts')).toBeInTheDocument();
    expect(download).toHaveBeenCalledWith(target, '/etc/hosts', expect.objectContaining({ approved: { sessionId: 's1', requestId: 'r1' } }));
  });

  test('an upload the moderator denies says so and is not sent', async () => {
    const user = userEvent.setup();
    const session = moderatedSession();
    renderBar(<FileTransferBar {...target} gateway={gateway} moderation={session.moderation} />);
    const dialog = await openDialog(user, 'Upload files');
    await user.type(within(dialog).getByLabelText(/Target directory/), '/tmp');
    await user.upload(within(dialog).getByLabelText(/Files/), [new File(['1'], 'a.txt')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Waiting for a moderator to approve')).toBeInTheDocument();
    await session.answer('r2', false, { download: false, location: '/tmp', filename: 'a.txt' });
    expect(await within(dialog).findByText('The moderator denied the file transfer')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});
