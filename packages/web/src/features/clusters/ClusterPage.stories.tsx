import { webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { storyClusters } from './clusterStoryAnswers';
import ClusterPage from './ClusterPage';

const meta: Meta = { title: 'Console/Cluster' };
export default meta;

const backend = { answers: { ...adminContext, 'GET /v1/webapi/sites': storyClusters } };

const clusterStory = (clusterId: string): StoryObj => ({
  play: showsText('Proxy version'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} route={webRoutes.cluster} path={`/web/cluster/${clusterId}/`}>
      <ClusterPage />
    </StoryConsole>
  ),
});

/** An administrator's view of a leaf: its summary and every area they may open there. */
export const Leaf = clusterStory('leaf-east');

/** A leaf whose tunnel is down still has its page. */
export const OfflineLeaf = clusterStory('leaf-west');
