import type { ResourceJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import RolesPage from './RolesPage';

const meta: Meta = { title: 'Console/Roles' };
export default meta;

const role = (name: string): ResourceJson => ({
  kind: 'role',
  name,
  content: `kind: role\nversion: v7\nmetadata:\n  name: ${name}\n`,
});

const backend = {
  answers: { ...adminContext, 'GET /v1/webapi/roles': ['access', 'auditor', 'editor'].map(role) },
};

export const List: StoryObj = {
  play: showsText('auditor'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store}>
      <RolesPage />
    </StoryConsole>
  ),
};
