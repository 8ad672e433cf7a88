import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RecordingReviewJson } from '@portcullis/shared';
import { ReviewPanel } from './ReviewPanel';

const review: RecordingReviewJson = {
  sid: 's-1',
  status: 'flagged',
  reviewer: 'bob',
  updatedBy: 'alice',
  updated: '2026-01-03T08:00:00Z',
  comments: [
    { id: 'c1', author: 'bob', t: 30_000, text: 'sudo without a ticket', created: '2026-01-02T09:00:00Z' },
    { id: 'c2', author: 'carol', t: 3_725_000, text: 'Logs wiped here.\nAsk the on-call why.', created: '2026-01-02T09:05:00Z' },
  ],
};

const meta = {
  title: 'Console/Player/Review Panel',
  component: ReviewPanel,
  args: {
    review,
    canEdit: true,
    position: 65_000,
    busy: false,
    error: '',
    onUpdate: () => undefined,
    onComment: async () => true,
    onSeek: () => undefined,
  },
} satisfies Meta<typeof ReviewPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A user who may change recordings, typing the reviewer's name. */
export const Editor: Story = {};
/** With the users listed, the reviewer is picked from them. */
export const PickReviewer: Story = { args: { users: ['alice', 'bob', 'dave'] } };
/** Without the right to change recordings: status and reviewer shown, comments still open. */
export const ReadOnly: Story = { args: { canEdit: false } };
export const NoComments: Story = { args: { review: { sid: 's-1', status: 'to_review', comments: [] } } };
export const Failed: Story = { args: { error: 'access denied: update on session is not allowed for user alice' } };
