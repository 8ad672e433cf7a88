import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { requestsContext, storyRequests } from './accessRequestStoryAnswers';
import AccessRequestsPage from './AccessRequestsPage';

const meta: Meta = { title: 'Console/Access Requests' };
export default meta;

const withRequests = (requests: unknown, shows: string): StoryObj => {
  const backend = {
    answers: { ...requestsContext, 'GET /v1/webapi/sites/localhost/accessrequests': requests },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} path="/web/requests">
        <AccessRequestsPage />
      </StoryConsole>
    ),
  };
};

export const List = withRequests(storyRequests, 'EXPIRED');

export const Empty = withRequests([], 'No Access Requests Found');
