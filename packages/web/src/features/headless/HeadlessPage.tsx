import { useSecondFactorDialog } from '@portcullis/console-kit';
import { Alert, Button, Card, Flex, H1, Indicator, Text } from '@portcullis/design';
import {
  apiPaths,
  type AuthenticateChallengeJson,
  type AuthenticateChallengeRequest,
  compilePath,
  type HeadlessDecisionRequest,
  type HeadlessRequestJson,
} from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../client';
import { useAttempt } from '../../useAttempt';

type Decided = Exclude<HeadlessRequestJson['state'], 'pending'>;

const outcomes: Record<Decided, { kind: 'success' | 'info'; text: string }> = {
  approved: { kind: 'success', text: 'The request has been approved. You can go back to your terminal.' },
  denied: { kind: 'info', text: 'The request has been rejected. Nothing was signed in.' },
};

/**
 * A headless sign-in waiting for this user (/web/headless/{requestId}): a command-line client somewhere asked to
 * sign in as them. The page shows where from; Approve answers a second factor of scope 'headless', Reject denies.
 */
export default function HeadlessPage() {
  const { requestId = '' } = useParams();
  const [request, setRequest] = useState<HeadlessRequestJson>();
  const [loadError, setLoadError] = useState('');
  const [decided, setDecided] = useState<Decided>();
  const { ask, dialog } = useSecondFactorDialog();
  const { busy, error, run } = useAttempt();
  const path = compilePath(apiPaths.headlessSso, { requestId });

  useEffect(() => {
    api.get<HeadlessRequestJson>(path).then(
      (json) => {
        setRequest(json);
        if (json.state !== 'pending') setDecided(json.state);
      },
      (err: Error) => setLoadError(err.message),
    );
  }, [path]);

  const decide = (decision: () => Promise<HeadlessDecisionRequest>, outcome: Decided) =>
    void run(async () => {
      await api.put(path, await decision());
      setDecided(outcome);
    });

  const approve = () =>
    decide(async () => {
      const challenge = await api.post<AuthenticateChallengeJson>(apiPaths.mfaAuthenticateChallenge, {
        scope: 'headless',
      } satisfies AuthenticateChallengeRequest);
      const reason = `Approve the sign-in from ${request!.client_ip_address} with your second factor.`;
      return { action: 'accept', mfaResponse: await ask(challenge, reason) };
    }, 'approved');

  const body = () => {
    if (loadError) return <Alert details="Start the sign-in again from your terminal.">{loadError}</Alert>;
    if (!request) return <Indicator />;
    if (decided) return <Alert kind={outcomes[decided].kind}>{outcomes[decided].text}</Alert>;
    return (
      <>
        <Text mb={3}>
          Someone started a command-line sign-in as <strong>{request.user}</strong>.
        </Text>
        <Text muted>Client IP address</Text>
        <Text typography="h3" mb={3}>
          {request.client_ip_address}
        </Text>
        <Text muted mb={4}>
          Approve it with your second factor only if it was you. If it was not, reject it and tell your
          administrator.
        </Text>
        {error ? <Alert>{error}</Alert> : null}
        <Flex gap={3}>
          <Button size="large" loading={busy} onClick={approve}>
            Approve
          </Button>
          <Button
            size="large"
            kind="border"
            disabled={busy}
            onClick={() => decide(async () => ({ action: 'denied' }), 'denied')}
          >
            Reject
          </Button>
        </Flex>
      </>
    );
  };

  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={4}>Headless Login Request</H1>
        {body()}
      </Card>
      {dialog}
    </Flex>
  );
}
