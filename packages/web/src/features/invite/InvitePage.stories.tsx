import type { ResetTokenJson, SetPasswordJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { totpRegisterChallenge } from '../../stories/mfaAnswers';
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

const at = (route: string, path: string, shows: string | RegExp, answers = {}, config = {}): StoryObj => {
  const backend = { answers, config };
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

const withMfa = {
  ...token,
  'POST /v1/webapi/mfa/token/abc/registerchallenge': totpRegisterChallenge,
  'PUT /v1/webapi/users/password/token': {
    recovery: {
      codes: ['tele-amber-basil-cedar', 'tele-delta-ember-fable', 'tele-glade-heron-iris'],
      createdDate: '2026-03-01T09:30:00Z',
    },
    privateKeyPolicyEnabled: false,
  } satisfies SetPasswordJson,
};

/** Past the password, to the device step, on a gateway whose second factor is `secondFactor`. */
const deviceStep = (
  secondFactor: string,
  then?: (canvas: ReturnType<typeof within>) => Promise<void>,
): StoryObj => ({
  ...at('/web/invite/:tokenId', '/web/invite/abc', /Set a password for alice/, withMfa, {
    auth: { second_factor: secondFactor, allowPasswordless: true },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Set a password for alice/, {}, { timeout: 5000 });
    await userEvent.type(canvas.getByLabelText('Password'), 'a-long-enough-password');
    await userEvent.type(canvas.getByLabelText('Confirm Password'), 'a-long-enough-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await canvas.findByRole('heading', { name: 'Set up a second factor' });
    await then?.(canvas);
  },
});

export const PickDevice = deviceStep('optional');
export const AuthenticatorApp = deviceStep('otp', async (canvas) => {
  await canvas.findByRole('img', { name: 'QR code for your authenticator app' });
});
export const RecoveryCodes = deviceStep('otp', async (canvas) => {
  await userEvent.type(await canvas.findByLabelText('Authenticator code'), '123456');
  await userEvent.click(canvas.getByRole('button', { name: 'Set Password' }));
  await canvas.findByRole('heading', { name: 'Save your recovery codes' });
});
