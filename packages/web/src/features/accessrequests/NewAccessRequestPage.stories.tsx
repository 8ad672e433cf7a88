import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { requestableNodes, requestsContext } from './accessRequestStoryAnswers';
import NewAccessRequestPage from './NewAccessRequestPage';

const meta: Meta = { title: 'Console/New Access Request' };
export default meta;

const backend = { answers: { ...requestsContext, ...requestableNodes } };

const newRequest = (play: StoryObj['play']): StoryObj => ({
  play,
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} path="/web/requests/new">
      <NewAccessRequestPage />
    </StoryConsole>
  ),
});

export const Roles = newRequest(showsText('dba'));

/** Servers to request, one picked, with a reason: Submit Request is enabled. */
export const Resources = newRequest(async ({ canvasElement }) => {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('tab', { name: 'Resources' }, { timeout: 5000 }));
  await userEvent.click(await page.findByRole('checkbox', { name: 'web-2' }, { timeout: 5000 }));
  await userEvent.type(page.getByLabelText('Reason'), 'Debug the deploy');
});
