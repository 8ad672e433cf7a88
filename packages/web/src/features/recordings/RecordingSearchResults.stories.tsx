import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RecordingSearchHitJson } from '@portcullis/shared';
import { RecordingSearchResults } from './RecordingSearchResults';

const hit = (sid: string, t: number, text: string, kind: RecordingSearchHitJson['kind']): RecordingSearchHitJson => ({
  sid,
  t,
  kind,
  text,
  sessionStart: '2026-01-01T10:00:00Z',
  user: 'alice',
  login: 'root',
  hostname: 'web-1',
  recordingType: 'ssh',
});

const meta = {
  title: 'Console/Recordings/Search Results',
  component: RecordingSearchResults,
  args: {
    clusterId: 'prod',
    query: 'restart',
    hits: [
      hit('s-1', 65_000, 'root@web-1:~# systemctl restart nginx', 'input'),
      hit('s-1', 66_000, 'nginx.service: restarted, Restart count 2', 'output'),
      hit('s-2', 3_725_000, 'kubectl rollout restart deploy/api', 'input'),
    ],
    loading: false,
    error: '',
    hasMore: true,
    onMore: () => undefined,
  },
} satisfies Meta<typeof RecordingSearchResults>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hits: Story = {};
export const NoHits: Story = { args: { hits: [], hasMore: false } };
export const Loading: Story = { args: { hits: [], loading: true, hasMore: false } };
