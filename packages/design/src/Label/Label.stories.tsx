import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Label, ResourceLabels, type LabelKind } from './Label';

const meta = { title: 'Design/Label', component: Label, args: { children: 'editor' } } satisfies Meta<
  typeof Label
>;
export default meta;
type Story = StoryObj<typeof meta>;

const kinds: LabelKind[] = ['neutral', 'brand', 'success', 'warning', 'danger', 'info'];

export const Default: Story = {};
export const Kinds: Story = {
  render: () => (
    <Flex gap={2}>
      {kinds.map((kind) => (
        <Label key={kind} kind={kind}>
          {kind}
        </Label>
      ))}
    </Flex>
  ),
};
export const Resource: Story = {
  render: () => (
    <ResourceLabels
      labels={[
        { name: 'env', value: 'prod' },
        { name: 'region', value: 'eu-west-1' },
        { name: 'team', value: 'platform' },
      ]}
    />
  ),
};
