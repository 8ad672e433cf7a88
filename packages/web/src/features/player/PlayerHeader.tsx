import { PageHeader } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { Link } from 'react-router-dom';
import { clusterLabel } from '../clusters/clusterLabel';
import { RecordingFacts } from './RecordingFacts';
import type { RecordingDetails } from './useRecordingDetails';

/** The player's header: the recording, its session's details once known, its cluster and the way back. */
export function PlayerHeader({ clusterId, sid, details }: { clusterId: string; sid: string; details?: RecordingDetails }) {
  return (
    <PageHeader
      title={`Recording of session ${sid}`}
      back={{ title: 'Session Recordings', to: compilePath(webRoutes.recordings, { clusterId }) }}
      details={details ? <RecordingFacts details={details} /> : undefined}
      linkAs={Link}
      actions={clusterLabel(clusterId)}
    />
  );
}
