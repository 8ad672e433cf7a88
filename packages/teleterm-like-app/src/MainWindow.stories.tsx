import { compilePath, daemonPaths, type DaemonWorkspaceJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { App } from './App';
import { answerWith, daemonAnswers, showsText } from './stories/storyDaemon';
import { cache, nodes, orders, production, staging } from './stories/storyData';

const meta: Meta = { title: 'Workspace/Main window', parameters: { layout: 'fullscreen' } };
export default meta;

const gateway = (path: string) => compilePath(daemonPaths.profileGateway, { profile: production.id }) + path;

const withWorkspace = (workspace: DaemonWorkspaceJson, shows: string): StoryObj => ({
  loaders: [
    () =>
      answerWith({
        ...daemonAnswers({ profiles: [production, staging], workspace, connections: [orders, cache] }),
        [gateway('/v1/webapi/sites/production/nodes')]: { items: nodes, totalCount: nodes.length },
      }),
  ],
  play: showsText(shows),
  // A new App per story: it loads the workspace its story answers with. The toolbar's theme wins over the app's.
  render: (_args, { globals }) => (
    <App key={JSON.stringify(workspace)} theme={globals.theme === 'dark' ? 'dark' : 'light'} />
  ),
});

/** A cluster's servers in the active tab, a database tab beside it, two clusters (one signed out), two connections. */
export const WithDocuments = withWorkspace(
  {
    documents: [
      { id: 'r', kind: 'resources', profile: production.id, title: 'production' },
      {
        id: 'd',
        kind: 'database',
        profile: production.id,
        connectionId: 'conn-cache',
        title: 'cache (default)',
      },
    ],
    activeDocumentId: 'r',
  },
  'web-2',
);

/** A database connection's tab, disconnected: its port, the command line for any client, and why it is down. */
export const DatabaseTab = withWorkspace(
  {
    documents: [
      { id: 'r', kind: 'resources', profile: production.id, title: 'production' },
      {
        id: 'd',
        kind: 'database',
        profile: production.id,
        connectionId: 'conn-cache',
        title: 'cache (default)',
      },
    ],
    activeDocumentId: 'd',
  },
  'redis-cli -h 127.0.0.1 -p 6390',
);

export const NoTabs = withWorkspace({ documents: [] }, 'No tabs open');
