import { Box } from '@portcullis/design';
import type { DesktopControlMessage } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DesktopSession } from './DesktopSession';
import { rfbOpening } from './replayChannel';
import { serverInit, storyFrames, StorySocket } from './storyDesktop';

const session = (
  change: Partial<Extract<DesktopControlMessage, { type: 'session' }>> = {},
): DesktopControlMessage => ({
  type: 'session',
  sid: '7d2f-story',
  mode: 'owner',
  recording: false,
  clipboard: true,
  ...change,
});

/** A gateway that sends the session message, then the desktop's RFB handshake and screen. */
const desktop = (message: DesktopControlMessage) => () =>
  new StorySocket((send) => {
    send(JSON.stringify(message));
    for (const frame of [rfbOpening, serverInit('win-1'), ...storyFrames()]) send(frame);
  });

const meta = {
  title: 'Desktops/DesktopSession',
  component: DesktopSession,
  args: {
    desktopName: 'win-1',
    username: 'Administrator',
    clipboardSharing: true,
    connect: desktop(session()),
  },
  decorators: [
    (Story) => (
      <Box height="480px">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof DesktopSession>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Recorded: Story = { args: { connect: desktop(session({ recording: true })) } };

export const ClipboardOffByRoles: Story = { args: { clipboardSharing: false } };

export const Observer: Story = { args: { connect: desktop(session({ mode: 'observer', recording: true })) } };

export const Unreachable: Story = {
  args: {
    connect: () =>
      new StorySocket((send, close) => {
        send(JSON.stringify({ type: 'error', message: 'desktop win-1 did not answer on 10.0.3.7:3389' }));
        close(1011, 'desktop unreachable');
      }),
  },
};
