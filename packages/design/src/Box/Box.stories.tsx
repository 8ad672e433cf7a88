import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from './Box';

const meta = { title: 'Design/Box', component: Box } satisfies Meta<typeof Box>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: {
    p: 4,
    bg: 'levels.surface',
    borderRadius: 3,
    children: 'A box with padding 16 on the surface level',
  },
};

/** Each step of the spacing scale as padding, so the scale can be seen. */
export const SpacingScale: Story = {
  render: () => (
    <Box display="flex" alignItems="flex-end" gap={2}>
      {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((step) => (
        <Box key={step} p={step} bg="brand" color="text.primaryInverse" fontSize={0}>
          {step}
        </Box>
      ))}
    </Box>
  ),
};

export const Elevations: Story = {
  render: () => (
    <Box display="flex" gap={3}>
      {['sunken', 'surface', 'elevated', 'popout'].map((level) => (
        <Box
          key={level}
          p={4}
          bg={`levels.${level}`}
          borderWidth={1}
          borderStyle="solid"
          borderColor="border"
          borderRadius={3}
        >
          {level}
        </Box>
      ))}
    </Box>
  ),
};
