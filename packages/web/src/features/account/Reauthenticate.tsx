import { SecondFactorPrompt } from '@portcullis/console-kit';
import { Alert, Indicator } from '@portcullis/design';
import type { AuthenticateChallengeJson } from '@portcullis/shared';
import { useEffect, useRef, useState } from 'react';
import { mfaActions } from './mfaAtoms';

interface Props {
  /** Whether the user has a device to answer with; without one the gateway grants the token unasked. */
  hasDevices: boolean;
  /** What the proof is for, shown above the prompt. */
  reason: string;
  onToken: (privilegeToken: string) => void;
}

/** Proves it is the user (a key tap or a code) and hands back the privilege token device changes need. */
export function Reauthenticate({ hasDevices, reason, onToken }: Props) {
  const [challenge, setChallenge] = useState<AuthenticateChallengeJson>();
  const [error, setError] = useState('');
  const latestOnToken = useRef(onToken);
  latestOnToken.current = onToken;

  useEffect(() => {
    let current = true;
    const start = hasDevices
      ? mfaActions.reauthChallenge().then((c) => current && setChallenge(c))
      : mfaActions.privilegeToken().then((token) => current && latestOnToken.current(token));
    start.catch((err: Error) => current && setError(err.message));
    return () => {
      current = false;
    };
  }, [hasDevices]);

  if (error) return <Alert>{error}</Alert>;
  if (!challenge) return <Indicator delay="none" label="Preparing" />;
  return (
    <SecondFactorPrompt
      challenge={challenge}
      description={reason}
      onAnswer={async (answer) => {
        try {
          onToken(await mfaActions.privilegeToken(answer));
        } catch (err) {
          // A challenge is good for one answer, right or wrong: the next try needs a new one.
          setChallenge(await mfaActions.reauthChallenge());
          throw err;
        }
      }}
    />
  );
}
