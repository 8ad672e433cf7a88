import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { lockAdminContext, storyLocks } from './lockStoryAnswers';
import LocksPage from './LocksPage';

const meta: Meta = { title: 'Console/Locks' };
export default meta;

const withLocks = (locks: unknown, shows: string): StoryObj => {
  const backend = { answers: { ...lockAdminContext, 'GET /v1/webapi/sites/localhost/locks': locks } };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} path="/web/locks">
        <LocksPage />
      </StoryConsole>
    ),
  };
};

export const List = withLocks(storyLocks, 'Laptop reported stolen');

export const Empty = withLocks([], 'No Locks in Force');

/** The Remove Lock confirmation over the list. */
export const RemoveLock: StoryObj = {
  ...withLocks(storyLocks, 'Laptop reported stolen'),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const row = (await page.findByText('user: alice', {}, { timeout: 5000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /^Remove/ }));
    await screen.findByRole('dialog', { name: 'Remove Lock' });
  },
};
