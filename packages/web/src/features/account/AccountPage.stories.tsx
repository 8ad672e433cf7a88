import type { MfaDeviceJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { screen, userEvent, within } from 'storybook/test';
import { totpRegisterChallenge } from '../../stories/mfaAnswers';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import AccountPage from './AccountPage';
import ChangePasswordPage from './ChangePasswordPage';
import MfaDevicesPage from './MfaDevicesPage';

const meta: Meta = { title: 'Console/Account' };
export default meta;

const devices: MfaDeviceJson[] = [
  {
    id: 'd1',
    name: 'yubikey',
    type: 'WebAuthn',
    addedAt: '2026-01-12T09:30:00Z',
    lastUsed: '2026-03-14T17:05:00Z',
    residentKey: false,
  },
  {
    id: 'd2',
    name: 'phone',
    type: 'TOTP',
    addedAt: '2026-02-03T08:00:00Z',
    lastUsed: '2026-03-10T11:45:00Z',
    residentKey: false,
  },
];

const keyChallenge = {
  webauthn_challenge: { publicKey: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } },
  totp_challenge: true,
};

const page = (ui: ReactNode, list: MfaDeviceJson[], shows: string, play?: StoryObj['play']): StoryObj => {
  const backend = {
    config: { auth: { second_factor: 'on', allowPasswordless: true } },
    answers: {
      ...adminContext,
      'GET /v1/webapi/mfa/devices': list,
      'POST /v1/webapi/mfa/authenticatechallenge': keyChallenge,
      'POST /v1/webapi/users/privilege/token': 'priv-1',
      'POST /v1/webapi/mfa/token/priv-1/registerchallenge': totpRegisterChallenge,
    },
  };
  return {
    play: async (context) => {
      await showsText(shows)(context);
      await play?.(context);
    },
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => <StoryConsole store={loaded.store}>{ui}</StoryConsole>,
  };
};

export const Overview = page(<AccountPage />, devices, 'yubikey');
export const ChangePassword = page(<ChangePasswordPage />, devices, 'Current Password');
export const TwoFactorDevices = page(<MfaDevicesPage />, devices, 'phone');
export const NoDevices = page(<MfaDevicesPage />, [], 'No two-factor devices registered');

/** Adding a device starts by proving it is you: a key tap, or a code. */
export const AddDeviceVerify = page(<MfaDevicesPage />, devices, 'phone', async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add Device' }));
  await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Use security key' });
});

/** A first device needs no proof: straight to registering, here an authenticator app's QR code and secret. */
export const AddAuthenticatorApp = page(
  <MfaDevicesPage />,
  [],
  'No two-factor devices registered',
  async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add Device' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Authenticator App' }));
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
  },
);

export const RemoveDevice = page(<MfaDevicesPage />, devices, 'phone', async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove phone' }));
  await within(await screen.findByRole('dialog')).findByLabelText('Authenticator code');
});
