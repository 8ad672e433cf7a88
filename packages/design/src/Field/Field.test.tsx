import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../Button';
import { renderWithTheme } from '../../test/render';
import { FieldInput, FieldTextArea } from './FieldInput';
import { composeRules, requiredField, requiredMinLength } from './rules';
import { Validation } from './Validation';

function Form({ onValid }: { onValid: () => void }) {
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  return (
    <Validation>
      {(validator) => (
        <>
          <FieldInput
            label="Username"
            value={name}
            onChange={setName}
            rule={requiredField('Username is required')}
            required
          />
          <FieldTextArea
            label="Reason"
            value={reason}
            onChange={setReason}
            rule={composeRules(requiredField(), requiredMinLength(5))}
          />
          <Button onClick={() => validator.validate() && onValid()}>Save</Button>
        </>
      )}
    </Validation>
  );
}

test('errors stay hidden until validate, then follow the values; a valid form passes', async () => {
  const user = userEvent.setup();
  const saved: number[] = [];
  renderWithTheme(<Form onValid={() => saved.push(1)} />);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(saved).toEqual([]);
  const username = screen.getByRole('textbox', { name: 'Username *' });
  expect(username).toHaveAccessibleDescription('Username is required');
  expect(username).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
    'This field is required',
  );
  await user.type(username, 'alice');
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'abc');
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter at least 5 characters']);
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'de');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(saved).toEqual([1]);
});
