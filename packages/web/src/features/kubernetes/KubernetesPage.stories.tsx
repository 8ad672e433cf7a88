import { type KubeJson, webRoutes } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { showsText, storyStore } from '../../stories/storyGateway';
import { layoutAnswers, StoryInLayout } from '../layout/storyLayout';
import KubernetesPage from './KubernetesPage';

const meta: Meta = { title: 'Console/Kubernetes', parameters: { layout: 'fullscreen' } };
export default meta;

const kubes: KubeJson[] = [
  {
    name: 'kube-prod',
    labels: [
      { name: 'env', value: 'prod' },
      { name: 'region', value: 'eu-west-1' },
    ],
    kubernetes_users: ['alice'],
    kubernetes_groups: ['system:masters'],
  },
  {
    name: 'kube-staging',
    labels: [{ name: 'env', value: 'staging' }],
    kubernetes_users: ['alice', 'viewer'],
    kubernetes_groups: ['developers', 'system:authenticated'],
  },
];

const withKubes = (items: KubeJson[], shows: string): StoryObj => {
  const backend = {
    answers: {
      ...layoutAnswers,
      '/v1/webapi/sites/localhost/kubernetes': { items, startKey: '', totalCount: items.length },
    },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryInLayout store={loaded.store} route={webRoutes.kubernetes}>
        <KubernetesPage />
      </StoryInLayout>
    ),
  };
};

export const List = withKubes(kubes, 'kube-staging');

/** No cluster yet: the way to enrol one. */
export const Empty = withKubes([], 'No Kubernetes Clusters Found');
