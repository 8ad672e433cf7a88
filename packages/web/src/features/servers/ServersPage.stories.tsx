import { type NodeJson, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import ServersPage from './ServersPage';

const meta: Meta = { title: 'Console/Servers', parameters: { layout: 'fullscreen' } };
export default meta;

const node = (hostname: string, addr: string, env: string, sshLogins: string[], tunnel = false): NodeJson => ({
  id: `${hostname}-id`,
  siteId: 'localhost',
  hostname,
  addr,
  tunnel,
  tags: [
    { name: 'env', value: env },
    { name: 'os', value: 'debian' },
  ],
  sshLogins,
});

const nodes: NodeJson[] = [
  node('web-1', '10.0.0.1:3022', 'prod', ['root', 'ubuntu']),
  node('web-2', '10.0.0.2:3022', 'prod', ['root', 'ubuntu']),
  node('db-1', '', 'prod', ['postgres'], true),
  node('build-1', '10.0.1.7:3022', 'ci', ['ci']),
];

const withNodes = (items: NodeJson[], shows: string): StoryObj => {
  const backend = {
    answers: { ...layoutAnswers, '/v1/webapi/sites/localhost/nodes': { items, startKey: '', totalCount: items.length } },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryInLayout store={loaded.store} route={webRoutes.nodes}>
        <ServersPage />
      </StoryInLayout>
    ),
  };
};

/** The nodes with their addresses (a tunnelled one has none to show), labels and a Connect per login. */
export const List = withNodes(nodes, 'build-1');

export const Empty = withNodes([], 'No Servers Found');
