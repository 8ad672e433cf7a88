import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Icon, Icons } from '../Icon';
import { Button, ButtonLink, type ButtonKind, type ButtonSize } from './Button';

const meta = {
  title: 'Design/Button',
  component: Button,
  args: { children: 'Add server', kind: 'primary', size: 'medium' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

const kinds: ButtonKind[] = ['primary', 'secondary', 'border', 'warning', 'text'];
const sizes: ButtonSize[] = ['small', 'medium', 'large'];

export const Default: Story = {};
export const Playground: Story = { args: { kind: 'secondary', size: 'large', children: 'Try me' } };

export const Kinds: Story = {
  render: (args) => (
    <Flex gap={3} flexWrap="wrap">
      {kinds.map((kind) => (
        <Button key={kind} {...args} kind={kind}>
          {kind}
        </Button>
      ))}
    </Flex>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <Flex gap={3} alignItems="center">
      {sizes.map((size) => (
        <Button key={size} {...args} size={size}>
          {size}
        </Button>
      ))}
    </Flex>
  ),
};

export const Disabled: Story = {
  render: (args) => (
    <Flex gap={3} flexWrap="wrap">
      {kinds.map((kind) => (
        <Button key={kind} {...args} kind={kind} disabled>
          {kind}
        </Button>
      ))}
    </Flex>
  ),
};

export const Loading: Story = { args: { loading: true } };

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Icon icon={Icons.Add} />
        Add server
      </>
    ),
  },
};

export const Block: Story = { args: { block: true } };

export const AsLink: Story = {
  render: () => (
    <Flex gap={3} alignItems="center">
      <ButtonLink href="#play" kind="border" size="small">
        Play
      </ButtonLink>
      <ButtonLink href="#docs">Read the guide</ButtonLink>
    </Flex>
  ),
};
