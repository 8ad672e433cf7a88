import { compilePath, type DatabaseConsoleMessage, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { StorySocket } from '../../stories/storySocket';
import DatabaseConsolePage from './DatabaseConsolePage';

// Titled apart from Databases/DatabaseConsole, the console's own stories: this is the page around it.
const meta: Meta = { title: 'Console/Database Query Console', parameters: { layout: 'fullscreen' } };
export default meta;

const ready: DatabaseConsoleMessage = {
  type: 'ready',
  sid: '6c0f2a9e-4b1d-4f7a-9e3c-2d8b5a1f0c47',
  protocol: 'postgres',
  dbUser: 'alice',
  dbName: 'sales',
};

const backend = {};

/** Opened from a database's Connect dialog in a tab of its own, the database has accepted the connection. */
export const Connected: StoryObj = {
  play: showsText(/^Connected to orders/),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole
      store={loaded.store}
      route={webRoutes.consoleDatabase}
      path={compilePath(webRoutes.consoleDatabase, {
        clusterId: 'localhost',
        database: 'orders',
        dbUser: 'alice',
        dbName: 'sales',
      })}
    >
      <DatabaseConsolePage connect={() => new StorySocket([JSON.stringify(ready)])} />
    </StoryConsole>
  ),
};
