import type { Meta, StoryObj } from '@storybook/react-vite';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import { storyClusters } from './clusterStoryAnswers';
import ClustersPage from './ClustersPage';

const meta: Meta = { title: 'Console/Manage Clusters' };
export default meta;

const backend = { answers: { ...adminContext, 'GET /v1/webapi/sites': storyClusters } };

export const List: StoryObj = {
  play: showsText('leaf-west'),
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} path="/web/clusters">
      <ClustersPage />
    </StoryConsole>
  ),
};
