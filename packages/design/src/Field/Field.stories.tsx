import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { Button } from '../Button';
import { Card } from '../Card';
import { Field } from './Field';
import { FieldInput, FieldTextArea } from './FieldInput';
import { composeRules, requiredField, requiredMinLength } from './rules';
import { useValidation, Validation } from './Validation';

/** Shows the errors at once, as after a submit. */
function ValidateOnMount() {
  const { validate } = useValidation();
  useEffect(() => void validate(), [validate]);
  return null;
}

const meta = { title: 'Design/Field', component: Field } satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

function Form({ validateNow }: { validateNow?: boolean }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('abc');
  const [note, setNote] = useState('');
  return (
    <Card>
      <Validation>
        {(validator) => {
          return (
            <form onSubmit={(e) => (e.preventDefault(), validator.validate())}>
              <FieldInput
                label="Username"
                value={name}
                onChange={setName}
                rule={requiredField('Username is required')}
                required
              />
              <FieldInput
                label="Password"
                type="password"
                value={password}
                onChange={setPassword}
                rule={composeRules(requiredField(), requiredMinLength(12))}
                helperText="At least 12 characters"
              />
              <FieldTextArea label="Note" value={note} onChange={setNote} helperText="Optional" />
              <Button type="submit">Create user</Button>
              {validateNow ? <ValidateOnMount /> : null}
            </form>
          );
        }}
      </Validation>
    </Card>
  );
}

export const Default: Story = { args: { label: 'Label', children: () => null }, render: () => <Form /> };
export const WithErrors: Story = {
  args: { label: 'Label', children: () => null },
  render: () => <Form validateNow />,
};
