import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { createDaemonClient } from '../daemon/daemonClient';
import { answerWith } from '../stories/storyDaemon';
import { production } from '../stories/storyData';
import { SignInScreen } from './SignInScreen';

const meta: Meta<typeof SignInScreen> = {
  title: 'Workspace/Sign in',
  component: SignInScreen,
  parameters: { layout: 'fullscreen' },
  args: { daemon: createDaemonClient(), onSignedIn: () => {} },
};
export default meta;

export const Default: StoryObj<typeof SignInScreen> = {};

/** The cluster asked for a second factor: the daemon's message, and the authenticator code field. */
export const AuthenticatorCode: StoryObj<typeof SignInScreen> = {
  loaders: [
    () =>
      answerWith({
        'POST /v1/daemon/profiles/login': {
          status: 400,
          error: { message: 'enter the code from your authenticator app' },
          needsOtp: true,
        },
      }),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByLabelText('Proxy address *'), new URL(production.proxy).host);
    await userEvent.type(page.getByLabelText('User *'), production.user);
    await userEvent.type(page.getByLabelText('Password *'), 'correct horse');
    await userEvent.click(page.getByRole('button', { name: 'Sign in' }));
    await page.findByLabelText('Authenticator code', {}, { timeout: 5000 });
  },
};

/** A refusal, as the daemon words it. */
export const Refused: StoryObj<typeof SignInScreen> = {
  loaders: [
    () =>
      answerWith({
        'POST /v1/daemon/profiles/login': { status: 403, error: { message: 'invalid credentials' } },
      }),
  ],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByLabelText('Proxy address *'), new URL(production.proxy).host);
    await userEvent.type(page.getByLabelText('User *'), production.user);
    await userEvent.type(page.getByLabelText('Password *'), 'wrong');
    await userEvent.click(page.getByRole('button', { name: 'Sign in' }));
    await page.findByText('invalid credentials', {}, { timeout: 5000 });
    // Whether the clicked button draws its focus ring depends on how the browser judged the last input: a
    // screenshot must not.
    page.getByRole('button', { name: 'Sign in' }).blur();
  },
};
