import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RecordingShareJson } from '@portcullis/shared';
import { ShareDialog } from './ShareDialog';

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

const meta = {
  title: 'Console/Player/Share Dialog',
  component: ShareDialog,
  args: {
    onClose: () => undefined,
    position: 83_000,
    duration: 300_000,
    shares: [],
    created: null,
    busy: false,
    error: '',
    onCreate: () => undefined,
    onRevoke: () => undefined,
    now: Date.parse('2026-01-05T12:00:00Z'),
  },
} satisfies Meta<typeof ShareDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoLinks: Story = {};
/** Right after Create: the link, shown this once. */
export const Created: Story = {
  args: {
    created: { ...share('n1', { toMs: 45_000 }), token: 'tok', url: 'https://gw.example.com/web/shared/recordings/tok' },
    shares: [share('n1', { toMs: 45_000 })],
  },
};
/** Live, expired and revoked links. */
export const Links: Story = {
  args: {
    shares: [
      share('live', { views: 3, fromMs: 60_000 }),
      share('old', { created: '2026-01-01T10:00:00Z', expires: '2026-01-02T10:00:00Z', views: 1 }),
      share('gone', { created: '2026-01-04T10:00:00Z', revoked: true, fromMs: 0, toMs: 30_000 }),
    ],
  },
};
