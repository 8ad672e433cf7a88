import {
  DesktopPlayer,
  type DesktopSocket,
  openDesktopPlaybackSocket,
  httpSource,
  sessionRecordingPaths,
  PlayerControls,
  type RfbFactory,
} from '@portcullis/console-kit';
import { Alert, Box, Flex, Indicator, PageHeader } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { Suspense, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { gateway } from '../../client';
import { DatabasePlayback } from './DatabasePlayback';
import { RecordingFacts } from './RecordingFacts';
import { RecordingSidePanel } from './RecordingSidePanel';
import { useRecordingDetails } from './useRecordingDetails';
import { useTerminalPlayer } from './useTerminalPlayer';

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
  // Where an SSH recording opens: a search hit's moment, say.
  const startAt = Number(query.get('t')) || 0;
  const recordingType = query.get('recordingType') ?? 'ssh';
  // A pod's terminal (kubectl exec, the console's) is recorded as a node's shell is.
  const terminal = recordingType === 'ssh' || recordingType === 'k8s';
  const source = useMemo(() => (terminal ? httpSource(sessionRecordingPaths(clusterId, sid), gateway) : null), [clusterId, sid, terminal]);
  const player = useTerminalPlayer(source, { durationHint, startAt });
  const details = useRecordingDetails(clusterId, sid, source);

  const header = (
    <PageHeader
      title={`Recording of session ${sid}`}
      back={{ title: 'Session Recordings', to: compilePath(webRoutes.recordings, { clusterId }) }}
      details={details ? <RecordingFacts details={details} /> : undefined}
      linkAs={Link}
      actions={clusterId}
    />
  );
  if (recordingType === 'database') {
    // A database session is played back as the statements it ran, not as a screen.
    return (
      <Flex flexDirection="column" height="100vh" bg="levels.sunken">
        {header}
        <DatabasePlayback clusterId={clusterId} sid={sid} />
      </Flex>
    );
  }
  if (recordingType === 'desktop') {
    return (
      <Flex flexDirection="column" height="100vh" bg="levels.sunken">
        {header}
        <DesktopPlayer connect={() => connectDesktopPlayback({ clusterId, sid })} durationHint={durationHint} makeRfb={makeRfb} />
      </Flex>
    );
  }
  if (!terminal) {
    return (
      <>
        {header}
        <Alert m={4}>This player plays terminal, database and desktop recordings; {recordingType} recordings are not supported.</Alert>
      </>
    );
  }
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      {header}
      {player.state.status === 'error' ? <Alert m={2}>{player.state.error}</Alert> : null}
      <Flex flex="1" minHeight={0}>
        <Box ref={player.container} data-testid="player-terminal" data-status={player.state.status} flex="1" minWidth={0} p={2} bg="ansi.background" overflow="auto" />
        <Suspense fallback={<Indicator />}>
          <RecordingSidePanel clusterId={clusterId} sid={sid} player={player.state} onSeek={player.seek} />
        </Suspense>
      </Flex>
      <PlayerControls {...player.controls} />
    </Flex>
  );
}
