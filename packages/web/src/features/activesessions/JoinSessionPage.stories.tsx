import { compilePath, encodeControl, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryConsole, storyStore } from '../../stories/storyGateway';
import { StorySocket } from '../../stories/storySocket';
import { showsTextUnfocused, storySession } from '../console/terminalStory';
import JoinSessionPage from './JoinSessionPage';

const meta: Meta = { title: 'Console/Join Session', parameters: { layout: 'fullscreen' } };
export default meta;

const session = storySession('5b1e0c2a-7d4f-4e9b-8a61-3c2f0e9d7b15', { w: 100, h: 24 });

// The owner's screen as the joiner first sees it: a prompt and what alice is doing.
const esc = '\u001b[';
const screen = [
  `${esc}1;32mroot@web-1${esc}0m:${esc}1;34m/srv${esc}0m# tail -n 2 /var/log/nginx/error.log`,
  `${esc}33m2026/01/01 09:58:12 [warn]${esc}0m upstream response is buffered to a temporary file`,
  `${esc}31m2026/01/01 09:59:40 [error]${esc}0m connect() failed (111: Connection refused) while connecting to upstream`,
  `${esc}1;32mroot@web-1${esc}0m:${esc}1;34m/srv${esc}0m# `,
].join('\r\n');

const backend = {};

/** Joined as a moderator: the owner's terminal at its size, who is in it, and End session for everyone. */
export const Moderator: StoryObj = {
  play: showsTextUnfocused('Joined as moderator'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route={webRoutes.consoleSession}
      path={`${compilePath(webRoutes.consoleSession, { clusterId: 'localhost', sid: session.id })}?mode=moderator`}
    >
      <JoinSessionPage
        connect={() =>
          new StorySocket([encodeControl({ type: 'session', session }), new TextEncoder().encode(screen).buffer])
        }
      />
    </StoryConsole>
  ),
};
