import { encodeControl } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryConsole, storyStore } from '../../stories/storyGateway';
import { StorySocket } from '../../stories/storySocket';
import ConsolePage from './ConsolePage';
import { showsTextUnfocused, storySession } from './terminalStory';

const meta: Meta = { title: 'Console/Terminal', parameters: { layout: 'fullscreen' } };
export default meta;

const session = storySession('4f8e2c1a-9b7d-4e61-a3c5-0d2f6b8e1a97', { w: 120, h: 30 });

// A prompt and a coloured listing, so the story shows the terminal's palette in each theme.
const esc = '\u001b[';
const screen = [
  `${esc}1;32mroot@web-1${esc}0m:${esc}1;34m~${esc}0m# ls --color /srv`,
  `${esc}1;34mapp${esc}0m  ${esc}1;32mdeploy.sh${esc}0m  ${esc}1;36mcurrent${esc}0m  ${esc}31mcore.dump${esc}0m  ${esc}33mbackup.tar${esc}0m  ${esc}35mlogo.png${esc}0m  notes.txt`,
  `${esc}1;32mroot@web-1${esc}0m:${esc}1;34m~${esc}0m# `,
].join('\r\n');

const backend = {};

/** A session on web-1 that alice and bob are in: the header names it, its parties and its file transfers. */
export const Session: StoryObj = {
  play: showsTextUnfocused('alice, bob'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route="/web/cluster/:clusterId/console/*"
      path="/web/cluster/localhost/console/node/web-1-id/root"
    >
      <ConsolePage
        connect={() =>
          new StorySocket([encodeControl({ type: 'session', session }), new TextEncoder().encode(screen).buffer])
        }
      />
    </StoryConsole>
  ),
};
