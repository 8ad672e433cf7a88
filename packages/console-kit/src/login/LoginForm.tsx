import { Alert, Button, FieldInput, Text, Validation, requiredField } from '@portcullis/design';
import { primaryAuthType, type WebConfig } from '@portcullis/shared';
import { type FormEvent, useState } from 'react';
import { SsoProviders } from './SsoProviders';

/** Second-factor settings that ask for a one-time code at sign-in. */
const otpSecondFactors = new Set(['otp', 'on', 'optional']);

/** What the local form collected; the password is as typed (the app encodes it for the wire). */
export interface LoginCredentials {
  user: string;
  pass: string;
  /** Present only when the gateway asks for a one-time code. */
  secondFactorToken?: string;
}

export interface LoginFormProps {
  /** The gateway's config: whether the local form shows, the second factor, the connectors and which leads. */
  config: WebConfig;
  /** Signs in with valid local credentials; called only once the fields pass validation. */
  onLogin: (credentials: LoginCredentials) => void;
  /** Follows a single sign-on connector's URL. */
  onSso: (url: string) => void;
  /** A sign-in is running: the button shows it and cannot be pressed again. */
  busy?: boolean;
  /** Why the last sign-in failed. */
  error?: string;
}

/**
 * The ways to sign in that the gateway offers: the local form (username, password and, when the second factor
 * asks for it, a one-time code) and a button per single sign-on connector, whichever the config says leads first.
 * It only collects; the app decides what signing in does and where it goes afterwards.
 */
export function LoginForm({ config, onLogin, onSso, busy = false, error }: LoginFormProps) {
  const [user, setUser] = useState('');
  const [pass, setPass] = useState('');
  const [otp, setOtp] = useState('');
  const askOtp = otpSecondFactors.has(config.auth.second_factor);
  const lead = primaryAuthType(config);

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    onLogin({ user, pass, secondFactorToken: askOtp ? otp : undefined });
  };

  const localForm = config.auth.localAuthEnabled ? (
    <Validation>
      {({ validate }) => (
        <form onSubmit={(e) => submit(e, validate)} noValidate>
          <FieldInput
            label="Username"
            value={user}
            onChange={setUser}
            rule={requiredField('Username is required')}
            autoComplete="username"
            autoFocus
          />
          <FieldInput
            label="Password"
            type="password"
            value={pass}
            onChange={setPass}
            rule={requiredField('Password is required')}
            autoComplete="current-password"
          />
          {askOtp ? (
            <FieldInput
              label="Authenticator code"
              value={otp}
              onChange={setOtp}
              rule={
                config.auth.second_factor === 'optional'
                  ? undefined
                  : requiredField('Authenticator code is required')
              }
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          ) : null}
          <Button type="submit" size="large" block loading={busy}>
            Sign in
          </Button>
        </form>
      )}
    </Validation>
  ) : null;
  const sso = <SsoProviders providers={config.auth.providers} onSelect={onSso} />;

  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      {lead === 'sso' ? sso : localForm}
      {lead === 'sso' && localForm ? (
        <>
          <Text muted textAlign="center" my={3}>
            or
          </Text>
          {localForm}
        </>
      ) : null}
      {lead !== 'sso' && config.auth.providers.length > 0 ? (
        <>
          <Text muted textAlign="center" my={3}>
            or
          </Text>
          {sso}
        </>
      ) : null}
    </>
  );
}
