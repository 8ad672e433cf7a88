import { httpSource, PlayerControls, sharedRecordingPaths } from '@portcullis/console-kit';
import { Alert, Box, Card, Flex, H1, Indicator, Text } from '@portcullis/design';
import { ApiError, apiPaths, compilePath, displayDateTime, type SharedRecordingJson } from '@portcullis/shared';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api, gateway } from '../../client';
import { useAttempt } from '../../useAttempt';
import { useTerminalPlayer } from '../player/useTerminalPlayer';

/** What a signed-out visitor is told for an unknown, expired or revoked link alike (the gateway does not say which). */
export const invalidLinkText = 'This link is not valid. It may have expired or been revoked; ask whoever shared it for a new one.';

/** A recording someone shared by link (/web/shared/recordings/{token}), played without signing in. */
export default function SharedRecordingPage() {
  const { token = '' } = useParams();
  const [shared, setShared] = useState<SharedRecordingJson | null>(null);
  const [refused, setRefused] = useState(false);
  const { error, run } = useAttempt();

  useEffect(() => {
    void run(async () => {
      try {
        setShared(await api.get<SharedRecordingJson>(compilePath(apiPaths.sharedRecording, { token })));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) setRefused(true);
        else throw err;
      }
    });
  }, [run, token]);

  if (refused) return <SharedRecordingRefused />;
  if (error) return <Alert m={4}>{error}</Alert>;
  if (!shared) return <Indicator />;
  return <SharedRecordingPlayer token={token} shared={shared} />;
}

/** The page for a link that plays nothing. */
export function SharedRecordingRefused() {
  return (
    <Flex justifyContent="center" p={6}>
      <Card p={5} maxWidth={560}>
        <H1 mb={3}>Shared recording</H1>
        <Text>{invalidLinkText}</Text>
      </Card>
    </Flex>
  );
}

function SharedRecordingPlayer({ token, shared }: { token: string; shared: SharedRecordingJson }) {
  const source = useMemo(() => httpSource(sharedRecordingPaths(token), gateway), [token]);
  const player = useTerminalPlayer(source, { startAt: shared.fromMs ?? 0 });
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <SharedRecordingHeader shared={shared} />
      {player.state.status === 'error' ? <Alert m={2}>{player.state.error}</Alert> : null}
      <Box ref={player.container} data-testid="player-terminal" data-status={player.state.status} flex="1" minHeight={0} p={2} />
      <PlayerControls {...player.controls} />
    </Flex>
  );
}

/** Whose recording this is, who shared it and until when. */
export function SharedRecordingHeader({ shared }: { shared: SharedRecordingJson }) {
  return (
    <Box as="header" px={4} py={3} bg="levels.surface">
      <H1>
        Recording of session {shared.sid} on {shared.clusterName}
      </H1>
      <Text typography="body2" muted>
        Shared by {shared.sharedBy}, until {displayDateTime(shared.expires)}
      </Text>
    </Box>
  );
}
