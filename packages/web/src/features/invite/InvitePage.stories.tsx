import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryConsole } from '../../stories/storyGateway';
import InvitePage from './InvitePage';

const meta: Meta = { title: 'Console/Invite', parameters: { layout: 'fullscreen' } };
export default meta;

const token = {
  'GET /v1/webapi/users/password/token/abc': {
    user: 'alice',
    tokenId: 'abc',
    type: 'invite',
    expiry: '2030-01-01T00:00:00Z',
  },
};

export const Invite: StoryObj = {
  render: () => (
    <StoryConsole route="/web/invite/:tokenId" path="/web/invite/abc" answers={token}>
      <InvitePage />
    </StoryConsole>
  ),
};

export const PasswordReset: StoryObj = {
  render: () => (
    <StoryConsole route="/web/reset/:tokenId" path="/web/reset/abc" answers={token}>
      <InvitePage />
    </StoryConsole>
  ),
};

export const ExpiredToken: StoryObj = {
  render: () => (
    <StoryConsole route="/web/invite/:tokenId" path="/web/invite/gone">
      <InvitePage />
    </StoryConsole>
  ),
};
