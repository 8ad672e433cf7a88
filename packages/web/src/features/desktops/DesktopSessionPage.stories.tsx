import { compilePath, type DesktopControlMessage, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
// console-kit's made-up desktop (its RFB handshake and a screen of coloured windows), which its own stories
// draw too; it is not part of the package's API.
import { rfbOpening } from '../../../../console-kit/src/desktops/replayChannel';
import { serverInit, storyFrames, StorySocket } from '../../../../console-kit/src/desktops/storyDesktop';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import DesktopSessionPage from './DesktopSessionPage';

// Titled apart from Desktops/DesktopSession, the session view's own stories: this is the page around it.
const meta: Meta = { title: 'Console/Remote Desktop', parameters: { layout: 'fullscreen' } };
export default meta;

const session: DesktopControlMessage = {
  type: 'session',
  sid: '2a9f4e61-3c7b-4d28-9f15-8e0a6b4c2d93',
  mode: 'owner',
  recording: true,
  clipboard: true,
};

const backend = { answers: adminContext };

/** A desktop opened from the Desktops page as Administrator, recorded, its clipboard shared. */
export const Connected: StoryObj = {
  play: showsText('Recording'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route={webRoutes.desktop}
      path={compilePath(webRoutes.desktop, {
        clusterId: 'localhost',
        desktopName: 'win-1',
        username: 'Administrator',
      })}
    >
      <DesktopSessionPage
        connect={() =>
          new StorySocket((send) => {
            send(JSON.stringify(session));
            for (const frame of [rfbOpening, serverInit('win-1'), ...storyFrames()]) send(frame);
          })
        }
      />
    </StoryConsole>
  ),
};
