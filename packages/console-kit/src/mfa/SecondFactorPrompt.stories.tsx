import { Button, Card } from '@portcullis/design';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { SecondFactorPrompt } from './SecondFactorPrompt';
import { useSecondFactorDialog } from './useSecondFactorDialog';

const keyChallenge = { publicKey: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' } };

const meta = {
  title: 'MFA/SecondFactorPrompt',
  component: SecondFactorPrompt,
  args: {
    challenge: { webauthn_challenge: keyChallenge, totp_challenge: true },
    description: 'Removing a device needs a second factor.',
    onAnswer: () => {},
  },
  render: (args) => (
    <Card>
      <SecondFactorPrompt {...args} />
    </Card>
  ),
} satisfies Meta<typeof SecondFactorPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KeyOrCode: Story = {};

export const KeyOnly: Story = {
  args: { challenge: { webauthn_challenge: keyChallenge, totp_challenge: false } },
};

export const CodeOnly: Story = { args: { challenge: { totp_challenge: true } } };

export const NothingRegistered: Story = { args: { challenge: { totp_challenge: false } } };

export const CodeRefused: Story = {
  args: {
    challenge: { totp_challenge: true },
    onAnswer: () => Promise.reject(new Error('the authenticator code is not valid')),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Authenticator code'), '123456{Enter}');
    await canvas.findByRole('alert');
  },
};

/** The prompt as engines ask for it: a dialog over the page, here for a terminal that needs a tap first. */
function TerminalAsks() {
  const { ask, dialog } = useSecondFactorDialog();
  const open = () =>
    void ask(
      { webauthn_challenge: keyChallenge, totp_challenge: false },
      'Opening root@web-1 needs a second factor.',
    ).catch(() => {});
  return (
    <>
      <Button onClick={open}>Connect</Button>
      {dialog}
    </>
  );
}

export const InADialog: Story = {
  render: () => <TerminalAsks />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Connect' }));
    await screen.findByRole('dialog', { name: 'Verify Your Identity' });
  },
};
