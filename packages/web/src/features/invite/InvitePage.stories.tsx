import type { ResetTokenJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import InvitePage from './InvitePage';

const meta: Meta = { title: 'Console/Invite', parameters: { layout: 'fullscreen' } };
export default meta;

const token = {
  'GET /v1/webapi/users/password/token/abc': {
    user: 'alice',
    tokenId: 'abc',
    expiry: '2030-01-01T00:00:00Z',
  } satisfies ResetTokenJson,
};

const at = (route: string, path: string, shows: string | RegExp, answers = {}): StoryObj => {
  const backend = { answers };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} route={route} path={path}>
        <InvitePage />
      </StoryConsole>
    ),
  };
};

export const Invite = at('/web/invite/:tokenId', '/web/invite/abc', /Set a password for alice/, token);
export const PasswordReset = at(
  '/web/reset/:tokenId',
  '/web/reset/abc',
  /Choose a new password for alice/,
  token,
);
export const ExpiredToken = at('/web/invite/:tokenId', '/web/invite/gone', /no story answer/);
