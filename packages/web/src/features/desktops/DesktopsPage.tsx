import { DesktopList, type FetchDesktops } from '@portcullis/console-kit';
import { H1, Icons } from '@portcullis/design';
import { useParams } from 'react-router-dom';
import { fetchDesktops as gatewayFetch } from './desktopsService';
import { NoResourcesFound } from '../discover/NoResourcesFound';

export interface DesktopsPageProps {
  /** Where the list comes from; tests pass canned pages. */
  fetchDesktops?: FetchDesktops;
}

/** Desktops (/web/cluster/{clusterId}/desktops): the cluster's desktops, each opened as one of the allowed logins in a new tab. */
export default function DesktopsPage({ fetchDesktops = gatewayFetch }: DesktopsPageProps) {
  const { clusterId = '' } = useParams();
  return (
    <>
      <H1 mb={4}>Desktops</H1>
      <DesktopList
        clusterId={clusterId}
        fetchDesktops={fetchDesktops}
        emptyState={<NoResourcesFound kind="Desktops" icon={Icons.Desktop} />}
      />
    </>
  );
}
