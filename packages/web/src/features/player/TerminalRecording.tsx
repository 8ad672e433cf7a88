import { httpSource, PlayerControls, sessionRecordingPaths } from '@portcullis/console-kit';
import { Alert, Box, Flex, Indicator } from '@portcullis/design';
import { Suspense, useMemo } from 'react';
import { gateway } from '../../client';
import { PlayerHeader } from './PlayerHeader';
import { RecordingSidePanel } from './RecordingSidePanel';
import { useRecordingDetails } from './useRecordingDetails';
import { useTerminalPlayer } from './useTerminalPlayer';

/**
 * A terminal's recording (a node's shell, a pod's terminal) streamed into a terminal, with the review and
 * shares beside it. `startAt` is where it opens, a search hit's moment say.
 */
export function TerminalRecording({
  clusterId,
  sid,
  durationHint,
  startAt,
}: {
  clusterId: string;
  sid: string;
  durationHint?: number;
  startAt: number;
}) {
  const source = useMemo(() => httpSource(sessionRecordingPaths(clusterId, sid), gateway), [clusterId, sid]);
  const player = useTerminalPlayer(source, { durationHint, startAt });
  const details = useRecordingDetails(clusterId, sid, source);
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PlayerHeader clusterId={clusterId} sid={sid} details={details} />
      {player.state.status === 'error' ? <Alert m={2}>{player.state.error}</Alert> : null}
      <Flex flex="1" minHeight={0}>
        <Box
          ref={player.container}
          data-testid="player-terminal"
          data-status={player.state.status}
          flex="1"
          minWidth={0}
          p={2}
          bg="ansi.background"
          overflow="auto"
        />
        <Suspense fallback={<Indicator />}>
          <RecordingSidePanel clusterId={clusterId} sid={sid} player={player.state} onSeek={player.seek} />
        </Suspense>
      </Flex>
      <PlayerControls {...player.controls} />
    </Flex>
  );
}
