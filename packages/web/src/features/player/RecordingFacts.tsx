import { Facts } from '@portcullis/design';
import { displayDateTime, durationText } from '@portcullis/shared';
import type { RecordingDetails } from './useRecordingDetails';

/** The recorded session's details in the player's header, named as the recordings list names them. */
export function RecordingFacts({ details }: { details: RecordingDetails }) {
  const { session, started, durationMs } = details;
  return (
    <Facts
      label="Recorded session"
      facts={[
        ...(session
          ? [
              { term: 'Users', value: session.users },
              { term: 'Hostname', value: session.hostname },
            ]
          : []),
        { term: 'Started (UTC)', value: displayDateTime(started) },
        ...(durationMs === undefined ? [] : [{ term: 'Duration', value: durationText(durationMs) }]),
      ]}
    />
  );
}
