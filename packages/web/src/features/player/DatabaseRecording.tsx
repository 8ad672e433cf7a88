import { Flex } from '@portcullis/design';
import { DatabasePlayback } from './DatabasePlayback';
import { PlayerHeader } from './PlayerHeader';
import { useDatabaseStatements } from './useDatabaseStatements';
import { sessionEndDetails } from './useRecordingDetails';

/**
 * A database session's recording: the statements it ran, not a screen. The statements' first page says whose
 * session it was, on which database and when, which the header shows as for any other recording.
 */
export function DatabaseRecording({ clusterId, sid }: { clusterId: string; sid: string }) {
  const statements = useDatabaseStatements(clusterId, sid);
  const { session } = statements;
  const details =
    session &&
    sessionEndDetails({ ...session, event: 'db.session.end', time: session.session_stop ?? session.session_start });
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PlayerHeader clusterId={clusterId} sid={sid} details={details} />
      <DatabasePlayback statements={statements} />
    </Flex>
  );
}
