import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { StoryConsole, storyStore } from '../../stories/storyGateway';
import { lockAdminContext, pickerAnswers } from './lockStoryAnswers';
import NewLockPage from './NewLockPage';

const meta: Meta = { title: 'Console/New Lock' };
export default meta;

const backend = { answers: { ...lockAdminContext, ...pickerAnswers } };

/** Waits for the Target picker's list to arrive, so the story is never captured while it loads. */
const settled = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const page = within(canvasElement);
  await page.findByRole('heading', { name: 'Create New Lock' }, { timeout: 5000 });
  await waitFor(() => expect(page.getByLabelText('Target')).toBeEnabled(), { timeout: 5000 });
};

/** The page at `path`: a Lock action's link may name the target. */
const at = (path: string): StoryObj => ({
  play: settled,
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} route="/web/locks/new" path={path}>
      <NewLockPage />
    </StoryConsole>
  ),
});

export const Blank = at('/web/locks/new');

/** Opened from a Users row's (or an active session's) Lock action. */
export const UserFromLink = at('/web/locks/new?user=alice');

/** A node is named by its id in the link and shown by its hostname. */
export const NodeFromLink = at('/web/locks/new?node=node-id-2');

/** A typed target: nothing the console reads lists logins. */
export const Login = at('/web/locks/new?login=root');
