import { Button, Flex, H1, StepSlider, type StepProps } from '@portcullis/design';
import { DiscoverEvent, DiscoverEventStatus } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { localState } from '../../client';
import { webConfigAtom } from '../../config';
import { userContextAtom } from '../../session/userContext';
import { DeployService } from './DeployService';
import { capture, type StepStatus } from './discoverService';
import { Finished } from './Finished';
import { choiceById } from './resources';
import { SelectResource } from './SelectResource';
import { SetUpAccess } from './SetUpAccess';
import { type DiscoverProgress, readProgress, resumeStep, type StepId, stepEvents, stepsFor } from './steps';
import { TestConnection } from './TestConnection';
import { WaitForResource } from './WaitForResource';
import { type Wizard, WizardContext } from './wizard';

const stepComponents: Record<StepId, ComponentType<StepProps>> = {
  select: SelectResource,
  deploy: DeployService,
  wait: WaitForResource,
  access: SetUpAccess,
  test: TestConnection,
  finished: Finished,
};

const newRun = (): DiscoverProgress => ({ runId: crypto.randomUUID(), step: 'select' });

/** The run left in local storage by a reload, resumed at the furthest step it still has what it needs for. */
function storedRun(): DiscoverProgress | undefined {
  const stored = readProgress(localState.getDiscover());
  return stored && { ...stored, step: resumeStep(stored) };
}

/**
 * Enroll New Resource (/web/discover): choose a kind, run the agent with a fresh join token, wait for the
 * resource to arrive, give yourself access and test it. The run survives a reload; each step reports its
 * outcome to the gateway's telemetry. `pollIntervalMs` is how often the wait step looks for the resource.
 */
export default function DiscoverPage({ pollIntervalMs = 3000 }: { pollIntervalMs?: number }) {
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const { username, acl } = useAtomValue(userContextAtom);
  const [progress, setProgress] = useState<DiscoverProgress>(() => storedRun() ?? newRun());
  const latest = useRef(progress);
  latest.current = progress;
  const choice = choiceById(progress.choiceId);
  const steps = stepsFor(choice?.kind);

  const update = useCallback(
    (change: Partial<DiscoverProgress>) => setProgress((p) => ({ ...p, ...change })),
    [],
  );

  const report = useCallback((event: StepId | 'databaseRegister' | 'started', status: StepStatus) => {
    const { runId, choiceId } = latest.current;
    const resource = choiceById(choiceId)?.telemetry;
    const name =
      event === 'databaseRegister'
        ? DiscoverEvent.DatabaseRegister
        : event === 'started'
          ? DiscoverEvent.Started
          : stepEvents[event];
    capture(name, { id: runId, ...(resource && { resource }), stepStatus: status });
  }, []);

  const restart = useCallback(() => {
    const { step } = latest.current;
    if (step !== 'finished') report(step, DiscoverEventStatus.Aborted);
    setProgress(newRun());
  }, [report]);

  // A run starts once, though the page may mount twice (a reload that resumes it, a development double render).
  const started = useRef(new Set<string>());
  useEffect(() => {
    if (progress.step !== 'select' || progress.choiceId || started.current.has(progress.runId)) return;
    started.current.add(progress.runId);
    report('started', DiscoverEventStatus.Success);
  }, [progress.runId, progress.step, progress.choiceId, report]);

  // A finished run is cleared, so the next visit starts afresh.
  useEffect(() => localState.setDiscover(progress.step === 'finished' ? null : progress), [progress]);

  const wizard = useMemo<Wizard>(
    () => ({
      clusterId: proxyCluster,
      username,
      acl,
      origin: window.location.origin,
      pollIntervalMs,
      now: Date.now,
      progress,
      choice,
      update,
      report,
      restart,
    }),
    [proxyCluster, username, acl, pollIntervalMs, progress, choice, update, report, restart],
  );

  return (
    <WizardContext.Provider value={wizard}>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Enroll New Resource</H1>
        {progress.step !== 'select' && progress.step !== 'finished' ? (
          <Button kind="secondary" onClick={restart}>
            Start over
          </Button>
        ) : null}
      </Flex>
      <StepSlider
        key={progress.runId}
        steps={steps.map((s) => stepComponents[s])}
        initialStep={steps.indexOf(progress.step)}
        onStepChange={(index) => update({ step: steps[index]! })}
      />
    </WizardContext.Provider>
  );
}
