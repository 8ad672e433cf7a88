import { Button, Card, Flex, H2, Text } from '@portcullis/design';
import type { StepProps } from '@portcullis/design';
import type { ReactNode } from 'react';
import { nextStep, stepTitles } from './steps';
import { useWizard } from './wizard';

/** A step's card: where the user is in the flow, what the step is for, and the way on and back. */
export function StepFrame({
  title,
  step,
  children,
  onNext,
  nextLabel = 'Next',
  nextDisabled = false,
  busy = false,
  extraActions,
}: {
  title: string;
  step: Pick<StepProps, 'prev' | 'stepIndex' | 'stepCount'>;
  children: ReactNode;
  /** Without it the step has no Next (the last one). */
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  busy?: boolean;
  extraActions?: ReactNode;
}) {
  const { choice, progress } = useWizard();
  const upcoming = nextStep(choice?.kind, progress.step);
  return (
    <Card as="section" aria-labelledby="discover-step-title">
      <Text
        muted
      >{`Step ${step.stepIndex + 1} of ${step.stepCount}${upcoming ? ` · Next: ${stepTitles[upcoming]}` : ''}`}</Text>
      <H2 id="discover-step-title" my={2}>
        {title}
      </H2>
      {children}
      <Flex gap={3} mt={4}>
        {onNext ? (
          <Button onClick={onNext} disabled={nextDisabled} loading={busy}>
            {nextLabel}
          </Button>
        ) : null}
        {step.stepIndex > 0 && onNext ? (
          <Button kind="secondary" onClick={step.prev}>
            Back
          </Button>
        ) : null}
        {extraActions}
      </Flex>
    </Card>
  );
}
