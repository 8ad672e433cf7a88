import { CopyButton, Facts, Text } from '@portcullis/design';
import { partyNames } from './consoleTabs';

/** How many characters of a session id the header shows; the copy button carries the whole id. */
const shownIdLength = 8;

/**
 * A live session's id and who is in it, for a terminal's page header. Until the gateway has named the session,
 * the facts say they are coming rather than leaving a gap.
 */
export function SessionFacts({ sessionId, parties }: { sessionId?: string; parties?: string[] }) {
  const pending = (
    <Text as="span" typography="body3" muted>
      connecting…
    </Text>
  );
  return (
    <Facts
      label="Session"
      facts={[
        {
          term: 'Session ID',
          value: sessionId ? (
            <>
              <Text as="span" typography="body3" mono title={sessionId}>
                {sessionId.slice(0, shownIdLength)}
              </Text>
              <CopyButton value={sessionId} label="Copy session ID" />
            </>
          ) : (
            pending
          ),
        },
        { term: 'Parties', value: parties?.length ? partyNames(parties) : pending },
      ]}
    />
  );
}
