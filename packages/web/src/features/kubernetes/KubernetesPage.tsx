import { type FetchKubes, KubeList } from '@portcullis/console-kit';
import { H1, Icons } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { userContextAtom } from '../../session/userContext';
import { fetchKubes as gatewayFetch } from './kubeService';
import { NoResourcesFound } from '../discover/NoResourcesFound';

export interface KubernetesPageProps {
  /** Where the list comes from; tests pass canned pages. */
  fetchKubes?: FetchKubes;
}

/**
 * Kubernetes (/web/cluster/{clusterId}/kubernetes): the cluster's Kubernetes clusters, how to reach them with
 * kubectl through this gateway, and a terminal on a pod in a new tab.
 */
export default function KubernetesPage({ fetchKubes = gatewayFetch }: KubernetesPageProps) {
  const { clusterId = '' } = useParams();
  const { username } = useAtomValue(userContextAtom);
  return (
    <>
      <H1 mb={4}>Kubernetes</H1>
      <KubeList
        clusterId={clusterId}
        fetchKubes={fetchKubes}
        proxy={window.location.origin}
        username={username}
        emptyState={<NoResourcesFound kind="Kubernetes Clusters" icon={Icons.Kubernetes} />}
      />
    </>
  );
}
