import { eventCodes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import AuditPage from './AuditPage';

const meta: Meta = { title: 'Console/Audit Log' };
export default meta;

const events = [
  {
    code: eventCodes.USER_LOCAL_LOGIN,
    event: 'user.login',
    time: '2026-01-01T10:00:00Z',
    uid: 'e1',
    user: 'admin',
  },
  {
    code: eventCodes.USER_CREATE,
    event: 'user.create',
    time: '2026-01-01T10:05:00Z',
    uid: 'e2',
    user: 'admin',
    name: 'alice',
  },
  {
    code: eventCodes.USER_LOCAL_LOGINFAILURE,
    event: 'user.login',
    time: '2026-01-01T10:06:00Z',
    uid: 'e3',
    user: 'bob',
    error: 'invalid credentials',
  },
  {
    code: eventCodes.SESSION_END,
    event: 'session.end',
    time: '2026-01-01T10:30:00Z',
    uid: 'e4',
    sid: '4f8e2c1a-9b7d-4e61-a3c5-0d2f6b8e1a97',
    user: 'alice',
    server_hostname: 'web-1',
    interactive: true,
  },
];

const backend = { answers: { '/v1/webapi/sites/localhost/events/search': { events, startKey: 'more' } } };

export const Events: StoryObj = {
  play: showsText('User [alice] has been created'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route="/web/cluster/:clusterId/audit"
      path="/web/cluster/localhost/audit"
    >
      <AuditPage />
    </StoryConsole>
  ),
};

const emptyBackend = { answers: { '/v1/webapi/sites/localhost/events/search': { events: [], startKey: '' } } };

/** Nothing in the time range: the page says how to see more. */
export const Empty: StoryObj = {
  play: showsText('No Events Found'),
  loaders: [async () => ({ store: await storyStore(emptyBackend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} route="/web/cluster/:clusterId/audit" path="/web/cluster/localhost/audit">
      <AuditPage />
    </StoryConsole>
  ),
};
