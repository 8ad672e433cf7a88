import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Box } from '../Box';
import { Select, type SelectProps } from './Select';

const options = [
  { value: 'access', label: 'access' },
  { value: 'auditor', label: 'auditor' },
  { value: 'editor', label: 'editor' },
  { value: 'requester', label: 'requester', disabled: true },
];

function Single(props: Partial<SelectProps>) {
  const [value, setValue] = useState<string | null>(
    props.isMulti ? null : ((props.value as string | null) ?? null),
  );
  return (
    <Select
      aria-label="Role"
      options={options}
      {...props}
      isMulti={false}
      value={value}
      onChange={setValue}
    />
  );
}

function Multi(props: Partial<SelectProps>) {
  const [value, setValue] = useState<string[]>(['access', 'editor']);
  return <Select aria-label="Roles" options={options} {...props} isMulti value={value} onChange={setValue} />;
}

const meta = {
  title: 'Design/Select',
  component: Select,
  args: { options, value: null, onChange: () => {}, 'aria-label': 'Role' },
  render: (args) => (
    <Box width={360} height={260}>
      <Single {...args} />
    </Box>
  ),
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { value: 'auditor' } };
export const Open: Story = { args: { defaultOpen: true, value: 'auditor' } };
export const Searchable: Story = { args: { isSearchable: true, placeholder: 'Type to search roles' } };
export const MultiSelect: Story = {
  render: () => (
    <Box width={360} height={260}>
      <Multi isSearchable />
    </Box>
  ),
};
export const MultiOpen: Story = {
  render: () => (
    <Box width={360} height={260}>
      <Multi isSearchable defaultOpen />
    </Box>
  ),
};
export const Creatable: Story = {
  render: () => (
    <Box width={360}>
      <Multi isCreatable placeholder="Add logins" />
    </Box>
  ),
};
// As in the session player's toolbar: one line high, the choice and its arrow side by side.
export const Small: Story = {
  render: () => (
    <Box width={110}>
      <Single size="small" value="auditor" />
    </Box>
  ),
};
export const Error: Story = { args: { hasError: true } };
export const Disabled: Story = { args: { disabled: true, value: 'access' } };
