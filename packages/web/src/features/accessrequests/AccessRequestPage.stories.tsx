import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { requestsContext, storyRequests } from './accessRequestStoryAnswers';
import AccessRequestPage from './AccessRequestPage';

const meta: Meta = { title: 'Console/Access Request' };
export default meta;

const showing = (index: number, shows: string): StoryObj => {
  const request = storyRequests[index]!;
  const backend = {
    answers: { ...requestsContext, [`GET /v1/webapi/sites/localhost/accessrequests/${request.id}`]: request },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole
        store={loaded.store}
        route="/web/requests/:requestId"
        path={`/web/requests/${request.id}`}
      >
        <AccessRequestPage />
      </StoryConsole>
    ),
  };
};

/** Someone else's pending request, with one of two approvals: the administrator may approve or deny it. */
export const Reviewable = showing(0, '1 of 2 approvals');

/** The administrator's own approved request, ready to assume. */
export const Assumable = showing(1, 'Assume Roles');

/** A request for a server. */
export const Resource = showing(2, 'web-1');
