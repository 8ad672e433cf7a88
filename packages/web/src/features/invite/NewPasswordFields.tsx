import { composeRules, FieldInput, requiredField, requiredMatch } from '@portcullis/design';
import { passwordRule, passwordRuleText } from './passwordRules';

interface Props {
  label: string;
  password: string;
  onPasswordChange(value: string): void;
  confirm: string;
  onConfirmChange(value: string): void;
  autoFocus?: boolean;
}

/** A new password with the rules shown, and its confirmation: for an invite, a reset or a change. */
export function NewPasswordFields({
  label,
  password,
  onPasswordChange,
  confirm,
  onConfirmChange,
  autoFocus,
}: Props) {
  return (
    <>
      <FieldInput
        label={label}
        type="password"
        value={password}
        onChange={onPasswordChange}
        rule={passwordRule}
        helperText={passwordRuleText}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <FieldInput
        label="Confirm Password"
        type="password"
        value={confirm}
        onChange={onConfirmChange}
        rule={composeRules(
          requiredField('Please confirm your password'),
          requiredMatch(() => password, 'Passwords do not match'),
        )}
        autoComplete="new-password"
      />
    </>
  );
}
