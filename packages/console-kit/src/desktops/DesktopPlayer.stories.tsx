import { Box } from '@portcullis/design';
import { DESKTOP_CHUNK_HEADER_BYTES } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DesktopPlayer } from './DesktopPlayer';
import { serverInit, storyFrames, StorySocket } from './storyDesktop';

/** A chunk as the playback socket sends it: its time, then the RFB bytes. */
const chunk = (t: number, rfb: Uint8Array) => {
  const bytes = new Uint8Array(DESKTOP_CHUNK_HEADER_BYTES + rfb.length);
  new DataView(bytes.buffer).setFloat64(0, t, false);
  bytes.set(rfb, DESKTOP_CHUNK_HEADER_BYTES);
  return bytes;
};

/**
 * A recording whose screens all arrive at its start: it plays to its end at once, so its picture does not depend
 * on when the screenshot is taken.
 */
const recording = () =>
  new StorySocket((send) => {
    send(
      JSON.stringify({
        type: 'recording',
        sid: '7d2f-story',
        desktopName: 'win-1',
        user: 'alice',
        startTime: '2026-01-01T10:00:00.000Z',
        durationMs: 0,
      }),
    );
    send(chunk(0, serverInit('win-1')));
    storyFrames().forEach((frame) => send(chunk(0, frame)));
    send(JSON.stringify({ type: 'end' }));
  });

const meta = {
  title: 'Desktops/DesktopPlayer',
  component: DesktopPlayer,
  args: { connect: recording, durationHint: 0 },
  decorators: [
    (Story) => (
      <Box height="480px">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof DesktopPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const StoppedEarly: Story = {
  args: {
    connect: () =>
      new StorySocket((send, close) => {
        send(
          JSON.stringify({
            type: 'recording',
            sid: '7d2f-story',
            desktopName: 'win-1',
            user: 'alice',
            startTime: '2026-01-01T10:00:00.000Z',
            durationMs: 6000,
          }),
        );
        close(1011, 'recording not found');
      }),
  },
};
