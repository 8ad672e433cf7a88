import { composeRules, FieldInput, requiredField, requiredMatch } from '@portcullis/design';
import { passwordRule, passwordRuleText } from './passwordRules';

interface Props {
  label: string;
  password: string;
  onPasswordChange(value: string): void;
  confirm: string;
  onConfirmChange(value: string): void;
  autoFocus?: boolean;
  /** The password may be left empty (the user will sign in with a passkey instead); this says so beside it. */
  emptyAllowed?: string;
}

/** A new password with the rules shown, and its confirmation: for an invite, a reset or a change. */
export function NewPasswordFields({
  label,
  password,
  onPasswordChange,
  confirm,
  onConfirmChange,
  autoFocus,
  emptyAllowed,
}: Props) {
  const matches = requiredMatch(() => password, 'Passwords do not match');
  return (
    <>
      <FieldInput
        label={label}
        type="password"
        value={password}
        onChange={onPasswordChange}
        rule={emptyAllowed ? (value) => (value === '' ? { valid: true } : passwordRule(value)) : passwordRule}
        helperText={emptyAllowed ? `${passwordRuleText} ${emptyAllowed}` : passwordRuleText}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <FieldInput
        label="Confirm Password"
        type="password"
        value={confirm}
        onChange={onConfirmChange}
        rule={emptyAllowed ? matches : composeRules(requiredField('Please confirm your password'), matches)}
        autoComplete="new-password"
      />
    </>
  );
}
