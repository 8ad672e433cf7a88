import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Box } from '../Box';
import { Slider, type SliderProps } from './Slider';

function Live(props: SliderProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Box width={480}>
      <Slider {...props} value={value} onChange={setValue} />
    </Box>
  );
}

const meta = {
  title: 'Design/Slider',
  component: Slider,
  args: { value: 65, max: 200, onChange: () => {}, 'aria-label': 'Seek', valueText: '1:05 of 3:20' },
  render: (args) => <Live {...args} />,
} satisfies Meta<typeof Slider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Buffered: Story = { args: { buffered: 140 } };
export const Disabled: Story = { args: { disabled: true } };
