import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { ButtonIcon } from '../ButtonIcon';
import { Icons } from '../Icon';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Design/Tooltip',
  component: Tooltip,
  args: {
    content: 'Session recordings are kept for 30 days',
    children: (t) => <ButtonIcon {...t} icon={Icons.Info} aria-label="About recordings" />,
  },
  render: (args) => (
    <Box pt={9} pl={9}>
      <Tooltip {...args} />
    </Box>
  ),
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const OpenBelow: Story = { args: { defaultOpen: true, placement: 'bottom' } };
