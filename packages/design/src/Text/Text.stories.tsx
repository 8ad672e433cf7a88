import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { typography } from '../theme/typography';
import { H1, H2, H3, H4, Text } from './Text';

const meta = {
  title: 'Design/Text',
  component: Text,
  args: { children: 'The quick brown fox jumps over the lazy dog' },
} satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Muted: Story = { args: { muted: true } };
export const Mono: Story = { args: { mono: true, children: 'tsh ssh root@web-1' } };

export const Variants: Story = {
  render: () => (
    <Box>
      {(Object.keys(typography) as (keyof typeof typography)[]).map((name) => (
        <Text key={name} typography={name} mb={2}>
          {name}: The quick brown fox
        </Text>
      ))}
    </Box>
  ),
};

export const Headings: Story = {
  render: () => (
    <Box>
      <H1>Heading one</H1>
      <H2>Heading two</H2>
      <H3>Heading three</H3>
      <H4>Heading four</H4>
    </Box>
  ),
};

export const TextLevels: Story = {
  render: () => (
    <Box>
      <Text color="text.main">main</Text>
      <Text color="text.slightlyMuted">slightly muted</Text>
      <Text color="text.muted">muted</Text>
    </Box>
  ),
};
