import { eventCodes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import AuditPage from '../audit/AuditPage';
import { storyClusters } from '../clusters/clusterStoryAnswers';
import MainLayout from './MainLayout';

const meta: Meta = { title: 'Console/Main Layout', parameters: { layout: 'fullscreen' } };
export default meta;

const event = (name: keyof typeof eventCodes, type: string, minute: number, fields: Record<string, unknown>) => ({
  code: eventCodes[name],
  event: type,
  time: `2026-01-01T10:${String(minute).padStart(2, '0')}:00Z`,
  uid: `e${minute}`,
  ...fields,
});

// One event of each kind the icons tell apart, a failure among them.
const events = [
  event('USER_LOCAL_LOGIN', 'user.login', 1, { user: 'admin' }),
  event('USER_LOCAL_LOGINFAILURE', 'user.login', 2, { user: 'bob', error: 'invalid credentials' }),
  event('USER_CREATE', 'user.create', 3, { user: 'admin', name: 'alice' }),
  event('ROLE_CREATED', 'role.created', 4, { user: 'admin', name: 'auditor' }),
  event('SESSION_START', 'session.start', 5, { user: 'alice', sid: 's-1', server_hostname: 'web-1', login: 'root' }),
  event('SCP_UPLOAD', 'scp', 6, { user: 'alice', path: '/srv/deploy.sh', server_hostname: 'web-1', login: 'root' }),
  event('LOCK_CREATED', 'lock.created', 7, { user: 'admin', name: 'lock-bob' }),
];

const backend = {
  answers: {
    ...adminContext,
    'GET /v1/webapi/sites': storyClusters.slice(0, 1),
    '/v1/webapi/sites/localhost/events/search': { events, startKey: '' },
  },
};

/** The frame of every page: the product and cluster on top, the areas with their icons on the left, here the audit log. */
export const WithAuditLog: StoryObj = {
  play: showsText('User [alice] has been created'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} path="/web/cluster/localhost/audit">
      <Routes>
        <Route element={<MainLayout />}>
          <Route path="/web/cluster/:clusterId/audit" element={<AuditPage />} />
        </Route>
      </Routes>
    </StoryConsole>
  ),
};
