import { ThemeProvider } from '@portcullis/design';
import type { RecordingReviewJson, UpdateRecordingReviewRequest } from '@portcullis/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewPanel, type ReviewPanelProps } from './ReviewPanel';

const review: RecordingReviewJson = {
  sid: 's-1',
  status: 'to_review',
  reviewer: 'bob',
  comments: [
    { id: 'c1', author: 'bob', t: 30_000, text: 'sudo without a ticket', created: '2026-01-02T09:00:00Z' },
    { id: 'c2', author: 'carol', t: 3_725_000, text: 'logs wiped', created: '2026-01-02T09:05:00Z' },
  ],
};

function renderPanel(props: Partial<ReviewPanelProps> = {}) {
  const calls = { updates: [] as UpdateRecordingReviewRequest[], comments: [] as [number, string][], seeks: [] as number[] };
  const saved = { value: true };
  render(
    <ThemeProvider>
      <ReviewPanel
        review={review}
        canEdit
        position={65_000}
        busy={false}
        error=""
        onUpdate={(change) => calls.updates.push(change)}
        onComment={async (t, text) => {
          calls.comments.push([t, text]);
          return saved.value;
        }}
        onSeek={(ms) => calls.seeks.push(ms)}
        {...props}
      />
    </ThemeProvider>,
  );
  return { calls, saved };
}

test('each comment shows its moment, and choosing it (pointer or keyboard) seeks there', async () => {
  const user = userEvent.setup();
  const { calls } = renderPanel();
  const comments = screen.getByRole('list', { name: 'Comments' });
  expect(within(comments).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    '0:30bob, 2026-01-02 09:00:00sudo without a ticket',
    '1:02:05carol, 2026-01-02 09:05:00logs wiped',
  ]);
  await user.click(screen.getByRole('button', { name: 'Go to 0:30' }));
  screen.getByRole('button', { name: 'Go to 1:02:05' }).focus();
  await user.keyboard('{Enter}');
  expect(calls.seeks).toEqual([30_000, 3_725_000]);
});

test('a comment is added at the playhead, and kept in the box if it could not be saved', async () => {
  const user = userEvent.setup();
  const { calls, saved } = renderPanel();
  const box = screen.getByRole('textbox', { name: 'Comment at 1:05' });
  const add = screen.getByRole('button', { name: 'Add comment' });
  expect(add).toBeDisabled();
  saved.value = false;
  await user.type(box, '  rm -rf here  ');
  await user.click(add);
  expect(box).toHaveValue('  rm -rf here  ');
  saved.value = true;
  await user.click(add);
  expect(box).toHaveValue('');
  expect(calls.comments).toEqual([
    [65_000, 'rm -rf here'],
    [65_000, 'rm -rf here'],
  ]);
});

test('an editor changes the status by pointer and assigns a typed reviewer with Enter, or unassigns', async () => {
  const user = userEvent.setup();
  const { calls } = renderPanel();
  await user.click(screen.getByRole('combobox', { name: 'Status' }));
  await user.click(screen.getByRole('option', { name: 'Reviewed' }));
  const reviewer = screen.getByRole('textbox', { name: 'Reviewer' });
  expect(reviewer).toHaveValue('bob');
  expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
  await user.clear(reviewer);
  await user.type(reviewer, 'dave{Enter}');
  await user.clear(reviewer);
  await user.click(screen.getByRole('button', { name: 'Assign' }));
  expect(calls.updates).toEqual([{ status: 'reviewed' }, { reviewer: 'dave' }, { reviewer: null }]);
});

test('with the users listed the reviewer is picked from them, by keyboard', async () => {
  const user = userEvent.setup();
  const { calls } = renderPanel({ users: ['alice', 'bob', 'dave'] });
  screen.getByRole('combobox', { name: 'Reviewer' }).focus();
  await user.keyboard('{ArrowDown}');
  await user.keyboard('dav');
  const listbox = await screen.findByRole('listbox');
  expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['dave']);
  await user.keyboard('{Enter}');
  expect(calls.updates).toEqual([{ reviewer: 'dave' }]);
});

test('without the right to edit, status and reviewer are only shown', () => {
  renderPanel({ canEdit: false, review: { ...review, status: 'flagged', updatedBy: 'bob', updated: '2026-01-03T08:00:00Z' } });
  expect(screen.getByText('Flagged, reviewed by bob')).toBeInTheDocument();
  expect(screen.getByText('Changed by bob on 2026-01-03 08:00:00')).toBeInTheDocument();
  expect(screen.queryByRole('combobox')).toBeNull();
  expect(screen.queryByRole('textbox', { name: 'Reviewer' })).toBeNull();
  expect(screen.getByRole('textbox', { name: 'Comment at 1:05' })).toBeEnabled();
});
