import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { showsText, StoryConsole, storyStore, type StoryBackend } from '../../stories/storyGateway';
import { storyClusters } from './clusterStoryAnswers';
import { ClusterSwitcher } from './ClusterSwitcher';

const meta: Meta = { title: 'Console/Cluster Switcher' };
export default meta;

const story = (backend: StoryBackend, play: StoryObj['play']): StoryObj => ({
  play,
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} path="/web/cluster/leaf-east/nodes">
      <ClusterSwitcher current="leaf-east" />
    </StoryConsole>
  ),
});

/** On a leaf's page, the menu of every cluster, the offline one marked. */
export const Open = story(
  { answers: { 'GET /v1/webapi/sites': storyClusters } },
  async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Cluster: leaf-east' }, { timeout: 5000 }));
    await screen.findByRole('menuitem', { name: 'leaf-west (offline)' });
  },
);

/** With this cluster alone there is nothing to switch to: its name only. */
export const OneCluster = story(
  { answers: { 'GET /v1/webapi/sites': storyClusters.slice(0, 1) } },
  showsText('Cluster: leaf-east'),
);
