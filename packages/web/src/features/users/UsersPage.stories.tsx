import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import UsersPage from './UsersPage';

const meta: Meta = { title: 'Console/Users' };
export default meta;

const roles = ['access', 'auditor', 'editor'].map((name) => ({ kind: 'role', name, content: '' }));

const withUsers = (users: unknown[], shows: string): StoryObj => {
  const backend = {
    answers: { ...adminContext, 'GET /v1/webapi/users': users, 'GET /v1/webapi/roles': roles },
  };
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

/** The Create User dialog over the list; with its traits open it is taller than the window and scrolls. */
const createUser = (openTraits: boolean): StoryObj => ({
  ...withUsers([], 'No Users Found'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Create New User' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    if (openTraits) await userEvent.click(within(dialog).getByRole('button', { name: 'Traits' }));
  },
});

export const CreateUser = createUser(false);
export const CreateUserWithTraits = createUser(true);
