import type { ResourceJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import {
  adminContext,
  showsText,
  StoryConsole,
  storyStore,
  type StoryBackend,
} from '../../stories/storyGateway';
import { newTrustedClusterTemplate } from './newTrustedClusterTemplate';
import TrustedClustersPage from './TrustedClustersPage';

const meta: Meta = { title: 'Console/Trusted Clusters' };
export default meta;

const trustedCluster = (name: string, enabled = true): ResourceJson => ({
  kind: 'trusted_cluster',
  name,
  content: newTrustedClusterTemplate
    .replace('name: root.example.com', `name: ${name}`)
    .replace('enabled: true', `enabled: ${enabled}`)
    .replaceAll('root.example.com:3080', `${name}:3080`),
});

const withTrustedClusters = (clusters: ResourceJson[]): StoryBackend => ({
  answers: { ...adminContext, 'GET /v1/webapi/trustedcluster': clusters },
});

const story = (backend: StoryBackend, play: StoryObj['play']): StoryObj => ({
  play,
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} path="/web/trust">
      <TrustedClustersPage />
    </StoryConsole>
  ),
});

const some = withTrustedClusters([
  trustedCluster('root.example.com'),
  trustedCluster('old-root.example.com', false),
]);

export const List = story(some, showsText('old-root.example.com'));

export const Empty = story(withTrustedClusters([]), showsText('No Trusted Clusters Yet'));

/** The editor on the commented template. */
export const AddTrustedCluster = story(withTrustedClusters([]), async ({ canvasElement }) => {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('button', { name: 'Add Trusted Cluster' }, { timeout: 5000 }));
  await screen.findByRole('dialog', { name: 'Add Trusted Cluster' });
});

export const ConfirmDelete = story(some, async ({ canvasElement }) => {
  const page = within(canvasElement);
  await userEvent.click(
    await page.findByRole('button', { name: 'Actions for old-root.example.com' }, { timeout: 5000 }),
  );
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  await screen.findByRole('dialog', { name: 'Delete Trusted Cluster?' });
});
