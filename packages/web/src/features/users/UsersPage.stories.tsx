import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, StoryConsole } from '../../stories/storyGateway';
import UsersPage from './UsersPage';

const meta: Meta = { title: 'Console/Users' };
export default meta;

const users = [
  { name: 'admin', roles: ['access', 'auditor', 'editor'], authType: 'local', traits: { logins: ['root'] } },
  { name: 'alice', roles: ['access'], authType: 'local', traits: { logins: ['alice', 'ubuntu'] } },
  { name: 'bob', roles: ['auditor'], authType: 'local' },
];

export const List: StoryObj = {
  render: () => (
    <StoryConsole answers={{ ...adminContext, 'GET /v1/webapi/users': users }}>
      <UsersPage />
    </StoryConsole>
  ),
};

export const Empty: StoryObj = {
  render: () => (
    <StoryConsole answers={{ ...adminContext, 'GET /v1/webapi/users': [] }}>
      <UsersPage />
    </StoryConsole>
  ),
};
