import { ThemeProvider } from '@portcullis/design';
import type { CreatedRecordingShareJson, CreateRecordingShareRequest, RecordingShareJson } from '@portcullis/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShareDialog, type ShareDialogProps } from './ShareDialog';

const now = Date.parse('2026-01-05T12:00:00Z');
const share = (id: string, s: Partial<RecordingShareJson> = {}): RecordingShareJson => ({
  id,
  sid: 's-1',
  createdBy: 'alice',
  created: '2026-01-05T10:00:00Z',
  expires: '2026-01-06T10:00:00Z',
  revoked: false,
  views: 0,
  ...s,
});

function renderDialog(props: Partial<ShareDialogProps> = {}) {
  const calls = { created: [] as CreateRecordingShareRequest[], revoked: [] as string[], closed: 0 };
  render(
    <ThemeProvider>
      <ShareDialog
        onClose={() => (calls.closed += 1)}
        position={83_000}
        duration={300_000}
        shares={[]}
        created={null}
        busy={false}
        error=""
        onCreate={(r) => calls.created.push(r)}
        onRevoke={(id) => calls.revoked.push(id)}
        now={now}
        {...props}
      />
    </ThemeProvider>,
  );
  return calls;
}

test('a link for the whole recording lives 24 hours unless another lifetime is chosen', async () => {
  const user = userEvent.setup();
  const calls = renderDialog();
  await user.click(screen.getByRole('button', { name: 'Create link' }));
  await user.click(screen.getByRole('combobox', { name: 'Expires in' }));
  await user.click(screen.getByRole('option', { name: '7 days' }));
  await user.click(screen.getByRole('button', { name: 'Create link' }));
  expect(calls.created).toEqual([{ expiresIn: '24h' }, { expiresIn: '7d' }]);
});

test('a part of the recording is given as m:ss, or from the playhead, and checked before it is sent', async () => {
  const user = userEvent.setup();
  const calls = renderDialog();
  const from = screen.getByRole('textbox', { name: 'From (m:ss)' });
  const to = screen.getByRole('textbox', { name: 'To (m:ss)' });
  await user.click(screen.getByRole('button', { name: 'From the current position (1:23)' }));
  expect(from).toHaveValue('1:23');
  await user.type(to, '1:00{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('The end must come after the start');
  await user.clear(to);
  await user.type(to, '9:00{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('The recording ends at 5:00');
  await user.clear(from);
  await user.type(from, '90');
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter a time as m:ss', 'The recording ends at 5:00']);
  expect(calls.created).toEqual([]);
  await user.clear(from);
  await user.clear(to);
  await user.type(to, '2:30{Enter}');
  expect(calls.created).toEqual([{ expiresIn: '24h', toMs: 150_000 }]);
});

test('the link just made is shown once, with a copy button', async () => {
  const user = userEvent.setup();
  const created: CreatedRecordingShareJson = { ...share('n1'), token: 'tok', url: 'https://gw.example.com/web/shared/recordings/tok' };
  renderDialog({ created, shares: [share('n1')] });
  expect(screen.getByRole('textbox', { name: 'Share link' })).toHaveValue('https://gw.example.com/web/shared/recordings/tok');
  expect(screen.getByText(/until 2026-01-06 10:00:00\. Copy it now/)).toBeInTheDocument();
  // user-event's clipboard stands in for the browser's; its Blobs are not the test environment's, so the
  // text is read from the call rather than back from the clipboard.
  const copied = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(copied).toHaveBeenCalledWith('https://gw.example.com/web/shared/recordings/tok');
});

test('existing links show their part, expiry and views; only live ones can be revoked', async () => {
  const user = userEvent.setup();
  const calls = renderDialog({
    shares: [
      share('live', { views: 3, fromMs: 60_000 }),
      share('old', { created: '2026-01-01T10:00:00Z', expires: '2026-01-02T10:00:00Z', views: 1 }),
      share('gone', { created: '2026-01-04T10:00:00Z', revoked: true, fromMs: 0, toMs: 30_000 }),
    ],
  });
  const rows = within(screen.getByRole('table', { name: 'Share links' })).getAllByRole('row').slice(1);
  expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
    ['2026-01-05 10:00:00 by alice', '2026-01-06 10:00:00', '1:00 – end', '3', 'Revoke'],
    ['2026-01-01 10:00:00 by alice', '2026-01-02 10:00:00', 'All', '1', 'Expired'],
    ['2026-01-04 10:00:00 by alice', '2026-01-06 10:00:00', '0:00 – 0:30', '0', 'Revoked'],
  ]);
  const revoke = screen.getByRole('button', { name: 'Revoke the link made 2026-01-05 10:00:00' });
  revoke.focus();
  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: 'Done' }));
  expect(calls.revoked).toEqual(['live']);
  expect(calls.closed).toBe(1);
});
