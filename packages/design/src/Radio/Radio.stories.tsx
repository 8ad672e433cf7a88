import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Radio, RadioGroup } from './Radio';

const meta = {
  title: 'Design/Radio',
  component: Radio,
  args: { label: 'Option', name: 'single' },
} satisfies Meta<typeof Radio>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

function Group({ inline }: { inline?: boolean }) {
  const [value, setValue] = useState<'otp' | 'webauthn' | 'off'>('otp');
  return (
    <RadioGroup
      label="Second factor"
      inline={inline}
      value={value}
      onChange={setValue}
      options={[
        { value: 'otp', label: 'Authenticator app' },
        { value: 'webauthn', label: 'Hardware key' },
        { value: 'off', label: 'Off', disabled: true },
      ]}
    />
  );
}

export const Grouped: Story = { render: () => <Group /> };
export const Inline: Story = { render: () => <Group inline /> };
