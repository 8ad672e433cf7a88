import { DesktopPlayer, type DesktopSocket, type RfbFactory } from '@portcullis/console-kit';
import { Flex } from '@portcullis/design';
import { PlayerHeader } from './PlayerHeader';
import { useSessionEndDetails } from './useRecordingDetails';

/** A desktop session's recording, replayed into noVNC; the header names the session from its end event. */
export function DesktopRecording({
  clusterId,
  sid,
  connect,
  durationHint,
  makeRfb,
}: {
  clusterId: string;
  sid: string;
  connect: () => DesktopSocket;
  durationHint?: number;
  makeRfb?: RfbFactory;
}) {
  const details = useSessionEndDetails(clusterId, sid);
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PlayerHeader clusterId={clusterId} sid={sid} details={details} />
      <DesktopPlayer connect={connect} durationHint={durationHint} makeRfb={makeRfb} />
    </Flex>
  );
}
