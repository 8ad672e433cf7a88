import { type DesktopSocket, openDesktopPlaybackSocket, type RfbFactory } from '@portcullis/console-kit';
import { Alert } from '@portcullis/design';
import { useParams, useSearchParams } from 'react-router-dom';
import { gateway } from '../../client';
import { DatabaseRecording } from './DatabaseRecording';
import { DesktopRecording } from './DesktopRecording';
import { PlayerHeader } from './PlayerHeader';
import { TerminalRecording } from './TerminalRecording';

export interface PlayerPageProps {
  /** Opens a desktop recording's playback socket; tests pass a fake socket. */
  connectDesktopPlayback?: (target: { clusterId: string; sid: string }) => DesktopSocket;
  /** The RFB client drawing a desktop recording; tests pass a stand-in for noVNC. */
  makeRfb?: RfbFactory;
}

const gatewayDesktopPlayback = (target: { clusterId: string; sid: string }) => openDesktopPlaybackSocket(target, gateway);

/** The session player (/web/cluster/{clusterId}/session/{sid}?recordingType=ssh&durationMs=...&t=...). */
export default function PlayerPage({ connectDesktopPlayback = gatewayDesktopPlayback, makeRfb }: PlayerPageProps) {
  const { clusterId = '', sid = '' } = useParams();
  const [query] = useSearchParams();
  const durationHint = Number(query.get('durationMs')) || undefined;
  const recordingType = query.get('recordingType') ?? 'ssh';
  // A pod's terminal (kubectl exec, the console's) is recorded as a node's shell is.
  if (recordingType === 'ssh' || recordingType === 'k8s') {
    return <TerminalRecording clusterId={clusterId} sid={sid} durationHint={durationHint} startAt={Number(query.get('t')) || 0} />;
  }
  if (recordingType === 'database') return <DatabaseRecording clusterId={clusterId} sid={sid} />;
  if (recordingType === 'desktop') {
    return (
      <DesktopRecording
        clusterId={clusterId}
        sid={sid}
        connect={() => connectDesktopPlayback({ clusterId, sid })}
        durationHint={durationHint}
        makeRfb={makeRfb}
      />
    );
  }
  return (
    <>
      <PlayerHeader clusterId={clusterId} sid={sid} />
      <Alert m={4}>This player plays terminal, database and desktop recordings; {recordingType} recordings are not supported.</Alert>
    </>
  );
}
