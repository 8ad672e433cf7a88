import { AppList } from '@portcullis/console-kit';
import { H1, Icons } from '@portcullis/design';
import { useParams } from 'react-router-dom';
import { fetchApps } from './appsService';
import { NoResourcesFound } from '../discover/NoResourcesFound';

/** Applications (/web/cluster/{clusterId}/apps): the cluster's apps, each launched in a new tab or reached over TCP. */
export default function ApplicationsPage() {
  const { clusterId = '' } = useParams();
  return (
    <>
      <H1 mb={4}>Applications</H1>
      <AppList
        clusterId={clusterId}
        fetchApps={fetchApps}
        emptyState={<NoResourcesFound kind="Applications" icon={Icons.Application} />}
      />
    </>
  );
}
