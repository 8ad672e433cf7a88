import { RadioGroup, type StepProps, Text } from '@portcullis/design';
import { DiscoverEventStatus } from '@portcullis/shared';
import { resourceChoices } from './resources';
import { StepFrame } from './StepFrame';
import { stepTitles } from './steps';
import { useWizard } from './wizard';

/** What to enrol. Changing the kind starts its flow afresh: a token or resource of another kind is no use to it. */
export function SelectResource(step: StepProps) {
  const { progress, update, report } = useWizard();
  return (
    <StepFrame
      title={stepTitles.select}
      step={step}
      nextDisabled={!progress.choiceId}
      onNext={() => {
        report('select', DiscoverEventStatus.Success);
        step.next();
      }}
    >
      <Text mb={3}>
        Choose what you want to make reachable through this gateway. An agent on a host near it serves it.
      </Text>
      <RadioGroup
        label="Resource type"
        options={resourceChoices.map((c) => ({ value: c.id, label: c.title }))}
        value={progress.choiceId}
        onChange={(choiceId) =>
          update({
            choiceId,
            token: undefined,
            database: undefined,
            resource: undefined,
            principals: undefined,
          })
        }
      />
    </StepFrame>
  );
}
