import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryConsole, storyStore } from '../../stories/storyGateway';
import LoginFailedPage from './LoginFailedPage';
import LoginPage from './LoginPage';
import LoginSuccessPage from './LoginSuccessPage';

const meta: Meta = { title: 'Console/Login', parameters: { layout: 'fullscreen' } };
export default meta;

type Story = StoryObj<{ store: never }>;

const page = (config: unknown, ui: React.ReactNode): Story => {
  const backend = { config };
  return {
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => <StoryConsole store={loaded.store}>{ui}</StoryConsole>,
  };
};

export const Local = page({}, <LoginPage />);
export const WithOneTimeCode = page({ auth: { second_factor: 'otp' } }, <LoginPage />);
/** Any second factor: the user picks a key (tapped after the password) or a code. */
export const PickSecondFactor = page(
  { auth: { second_factor: 'on', allowPasswordless: true } },
  <LoginPage />,
);
export const PasswordlessLeads = page(
  { auth: { localConnectorName: 'passwordless', second_factor: 'webauthn' } },
  <LoginPage />,
);
/** The gateway issues recovery codes: a user who lost a password or device can trade one for a reset. */
export const WithRecovery = page({ recoveryCodesEnabled: true, auth: { second_factor: 'on' } }, <LoginPage />);
export const SingleSignOnLeads = page(
  {
    auth: {
      authType: 'github',
      providers: [
        { name: 'github', type: 'github', displayName: 'GitHub', url: '/v1/webapi/github/login/web' },
      ],
    },
  },
  <LoginPage />,
);
export const Failed = page({}, <LoginFailedPage />);
export const Success = page({}, <LoginSuccessPage />);
