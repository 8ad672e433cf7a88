import { Alert, Indicator, type StepProps, Text } from '@portcullis/design';
import { DiscoverEventStatus } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { findResource } from './discoverService';
import { StepFrame } from './StepFrame';
import { stepTitles } from './steps';
import { useWizard } from './wizard';

/** 75 → '1:15'. */
const elapsedText = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Asks the kind's list for the token's resource id until the resource arrives: the agent labels what it enrols
 * with it. The user sees how long it has been, and can go back to the command.
 */
export function WaitForResource(step: StepProps) {
  const { choice, clusterId, pollIntervalMs, now, progress, update, report } = useWizard();
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState('');
  const kind = choice?.kind ?? 'server';
  const resourceId = progress.token?.resourceId ?? '';
  const arrived = progress.resource;

  useEffect(() => {
    if (arrived) return;
    const started = now();
    const tick = setInterval(() => setSeconds(Math.floor((now() - started) / 1000)), 1000);
    return () => clearInterval(tick);
  }, [arrived, now]);

  useEffect(() => {
    if (arrived) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const resource = await findResource(kind, clusterId, resourceId, abort.signal);
        if (abort.signal.aborted) return;
        setError('');
        if (resource) {
          report('wait', DiscoverEventStatus.Success);
          update({ resource });
          return;
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        // A failed look keeps the wait going: the next one may succeed, and the user sees why this one did not.
        setError(err instanceof Error ? err.message : String(err));
      }
      timer = setTimeout(() => void poll(), pollIntervalMs);
    };
    void poll();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [arrived, kind, clusterId, resourceId, pollIntervalMs, report, update]);

  return (
    <StepFrame title={stepTitles.wait} step={step} nextDisabled={!arrived} onNext={step.next}>
      {arrived ? (
        <Alert kind="success">{`${arrived.name} has joined the cluster.`}</Alert>
      ) : (
        <>
          {error ? <Alert kind="warning">{`Could not check for the resource: ${error}`}</Alert> : null}
          <Indicator delay="none" label="Waiting for the resource" />
          <Text
            mt={2}
          >{`Waiting for the agent to enrol the resource (${elapsedText(seconds)} elapsed). Go back to see the command again.`}</Text>
        </>
      )}
    </StepFrame>
  );
}
