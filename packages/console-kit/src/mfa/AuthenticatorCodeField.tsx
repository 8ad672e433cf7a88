import { FieldInput, requiredField } from '@portcullis/design';

export interface AuthenticatorCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** The code an authenticator app shows, asked for the same way wherever a second factor is: sign-in, prompts, registration. */
export function AuthenticatorCodeField({ value, onChange, autoFocus }: AuthenticatorCodeFieldProps) {
  return (
    <FieldInput
      label="Authenticator code"
      value={value}
      onChange={onChange}
      rule={requiredField('Enter the code your authenticator app shows')}
      autoComplete="one-time-code"
      inputMode="numeric"
      autoFocus={autoFocus}
    />
  );
}
