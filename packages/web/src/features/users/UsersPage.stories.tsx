import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import UsersPage from './UsersPage';

const meta: Meta = { title: 'Console/Users' };
export default meta;

const withUsers = (users: unknown[], shows: string): StoryObj => {
  const backend = { answers: { ...adminContext, 'GET /v1/webapi/users': users } };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store}>
        <UsersPage />
      </StoryConsole>
    ),
  };
};

export const List = withUsers(
  [
    {
      name: 'admin',
      roles: ['access', 'auditor', 'editor'],
      authType: 'local',
      traits: { logins: ['root'] },
    },
    { name: 'alice', roles: ['access'], authType: 'local', traits: { logins: ['alice', 'ubuntu'] } },
    { name: 'bob', roles: ['auditor'], authType: 'local' },
  ],
  'bob',
);

export const Empty = withUsers([], 'No Users Found');
