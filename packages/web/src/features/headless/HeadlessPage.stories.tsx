import type { HeadlessRequestJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import HeadlessPage from './HeadlessPage';

const meta: Meta = { title: 'Console/Headless', parameters: { layout: 'fullscreen' } };
export default meta;

const request = (state: HeadlessRequestJson['state']): HeadlessRequestJson => ({
  id: 'req-1',
  user: 'alice',
  client_ip_address: '203.0.113.7',
  state,
  expires: '2030-01-01T00:00:00Z',
});

const at = (answer: HeadlessRequestJson | undefined, shows: string | RegExp): StoryObj => {
  const backend = { answers: answer ? { 'GET /v1/webapi/headless/req-1': answer } : {} };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} route="/web/headless/:requestId" path="/web/headless/req-1">
        <HeadlessPage />
      </StoryConsole>
    ),
  };
};

export const Pending = at(request('pending'), '203.0.113.7');
export const Approved = at(request('approved'), /has been approved/);
export const Rejected = at(request('denied'), /has been rejected/);
export const Unknown = at(undefined, /no story answer/);
