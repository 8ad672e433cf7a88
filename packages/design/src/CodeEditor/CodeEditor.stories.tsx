import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Box } from '../Box';
import { CodeEditor, type CodeEditorProps } from './CodeEditor';

const role = `kind: role
version: v7
metadata:
  name: editor # may change resources
spec:
  allow:
    logins: [root, ubuntu]
    node_labels:
      env: prod
`;

function Live(props: CodeEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Box width={560}>
      <CodeEditor {...props} value={value} onChange={setValue} />
    </Box>
  );
}

const meta = {
  title: 'Design/CodeEditor',
  component: CodeEditor,
  args: { value: role, language: 'yaml', label: 'Role definition', height: 240 },
  render: (args) => <Live {...args} />,
} satisfies Meta<typeof CodeEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Json: Story = {
  args: {
    language: 'json',
    label: 'Event',
    value: '{\n  "event": "session.start",\n  "code": "T2000I",\n  "success": true,\n  "size": 42\n}\n',
  },
};
export const ReadOnly: Story = { args: { readOnly: true } };
export const Sql: Story = {
  args: {
    language: 'sql',
    label: 'Statement',
    height: 120,
    value:
      "SELECT id, email, created_at\nFROM customers\nWHERE country = 'NL' AND deleted_at IS NULL\nORDER BY created_at DESC\nLIMIT 20;\n",
  },
};
