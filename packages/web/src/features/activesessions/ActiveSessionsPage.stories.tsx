import { type ActiveSessionJson, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import ActiveSessionsPage from './ActiveSessionsPage';

const meta: Meta = { title: 'Console/Active Sessions', parameters: { layout: 'fullscreen' } };
export default meta;

/** The stories' clock, stopped, so each session's duration is the same in every screenshot. */
const now = () => Date.parse('2026-01-01T10:30:00Z');

const live = (id: string, minute: number, owner: string, more: Partial<ActiveSessionJson>): ActiveSessionJson => ({
  kind: 'ssh',
  id,
  login: 'root',
  created: `2026-01-01T10:${String(minute).padStart(2, '0')}:00Z`,
  cluster_name: 'localhost',
  owner,
  parties: [{ user: owner }],
  participantModes: ['observer', 'peer', 'moderator'],
  ...more,
});

// A shared shell, a pod terminal, a desktop (joined as an observer only) and a session the roles may not join.
const sessions: ActiveSessionJson[] = [
  live('5b1e0c2a', 2, 'alice', {
    server_id: 'web-1-id',
    server_hostname: 'web-1',
    server_addr: '10.0.0.1:3022',
    parties: [{ user: 'alice' }, { user: 'bob' }],
  }),
  live('8c3d7f10', 18, 'alice', { kind: 'k8s', login: 'alice', kubernetes_cluster_name: 'kube-prod' }),
  live('2a9f4e61', 25, 'carol', { kind: 'desktop', login: 'Administrator', desktop_name: 'win-1' }),
  live('c6b2e8f4', 29, 'bob', {
    server_id: 'db-1-id',
    server_hostname: 'db-1',
    login: 'postgres',
    participantModes: [],
  }),
];

const withSessions = (items: ActiveSessionJson[], shows: string): StoryObj => {
  const backend = { answers: { ...layoutAnswers, '/v1/webapi/sites/localhost/sessions': { sessions: items } } };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryInLayout store={loaded.store} route={webRoutes.sessions}>
        <ActiveSessionsPage now={now} />
      </StoryInLayout>
    ),
  };
};

export const List = withSessions(sessions, 'alice, bob');

export const Empty = withSessions([], 'No Active Sessions Found');
