import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, StoryConsole } from '../../stories/storyGateway';
import RolesPage from './RolesPage';

const meta: Meta = { title: 'Console/Roles' };
export default meta;

const role = (name: string) => ({
  id: `role:${name}`,
  kind: 'role',
  name,
  content: `kind: role\nversion: v7\nmetadata:\n  name: ${name}\n`,
});

export const List: StoryObj = {
  render: () => (
    <StoryConsole
      answers={{ ...adminContext, 'GET /v1/webapi/roles': ['access', 'auditor', 'editor'].map(role) }}
    >
      <RolesPage />
    </StoryConsole>
  ),
};
