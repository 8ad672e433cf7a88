import { DesktopPlayer, type DesktopRecordingHeader, type DesktopSocket, type RfbFactory } from '@portcullis/console-kit';
import { Flex } from '@portcullis/design';
import { useState } from 'react';
import { PlayerHeader } from './PlayerHeader';
import type { RecordingDetails } from './useRecordingDetails';

/** What the header says of a desktop session: the playback's own header names the desktop, user, start and length. */
const detailsOf = (r: DesktopRecordingHeader): RecordingDetails => ({
  started: new Date(r.startTime),
  durationMs: r.durationMs,
  session: { users: r.user, hostname: r.desktopName },
});

/** A desktop session's recording, replayed into noVNC, under a header with the session's details. */
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
  const [details, setDetails] = useState<RecordingDetails>();
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PlayerHeader clusterId={clusterId} sid={sid} details={details} />
      <DesktopPlayer connect={connect} durationHint={durationHint} makeRfb={makeRfb} onRecording={(r) => setDetails(detailsOf(r))} />
    </Flex>
  );
}
