import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { Field } from '../Field';
import { FileInput } from './FileInput';

const meta = {
  title: 'Design/FileInput',
  component: FileInput,
  args: { onChange: () => {} },
} satisfies Meta<typeof FileInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { multiple: true, size: 'small', buttonText: 'Choose keys' } };

/** As in the upload dialog: the Field's label names the picker and also opens it. */
export const InAField: Story = {
  render: (args) => (
    <Box width={360}>
      <Field label="Files" helperText="Each file is copied into the target directory.">
        {({ id, describedBy }) => <FileInput {...args} id={id} aria-describedby={describedBy} multiple />}
      </Field>
    </Box>
  ),
};
export const Disabled: Story = { args: { disabled: true } };
