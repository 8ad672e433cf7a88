import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Card } from '../Card';
import { Flex } from '../Flex';
import { H2, Text } from '../Text';
import { StepSlider, type StepProps } from './StepSlider';

const step = (title: string, body: string) =>
  function Step({ next, prev, stepIndex, stepCount }: StepProps) {
    return (
      <Card>
        <Text muted>{`Step ${stepIndex + 1} of ${stepCount}`}</Text>
        <H2 my={2}>{title}</H2>
        <Text mb={4}>{body}</Text>
        <Flex gap={3}>
          <Button kind="secondary" onClick={prev} disabled={stepIndex === 0}>
            Back
          </Button>
          <Button onClick={next} disabled={stepIndex === stepCount - 1}>
            Next
          </Button>
        </Flex>
      </Card>
    );
  };

const steps = [
  step('Choose a resource', 'Servers, databases, Kubernetes or applications.'),
  step('Install the agent', 'Run the command on the host.'),
  step('Test the connection', 'Sign in once to check access.'),
];

const meta = { title: 'Design/StepSlider', component: StepSlider, args: { steps } } satisfies Meta<
  typeof StepSlider
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const LastStep: Story = { args: { initialStep: 2 } };
