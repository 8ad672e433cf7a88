import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Box } from '../Box';
import { DateRangeInput, type DateRange } from './DateRangeInput';

function Live({ initial }: { initial: DateRange }) {
  const [value, setValue] = useState(initial);
  return (
    <Box width={480}>
      <DateRangeInput value={value} onChange={setValue} max="2026-12-31" />
    </Box>
  );
}

const meta = {
  title: 'Design/DateRangeInput',
  component: DateRangeInput,
  args: { value: { from: '2026-11-01', to: '2026-11-21' }, onChange: () => {} },
  render: (args) => <Live initial={args.value} />,
} satisfies Meta<typeof DateRangeInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Reversed: Story = { args: { value: { from: '2026-11-21', to: '2026-11-01' } } };
