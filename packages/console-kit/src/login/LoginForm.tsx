import {
  Alert,
  Box,
  Button,
  FieldInput,
  RadioGroup,
  Text,
  Validation,
  requiredField,
} from '@portcullis/design';
import { primaryAuthType, type WebConfig } from '@portcullis/shared';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { loginSecondFactors, type LoginSecondFactor, secondFactorLabels } from './secondFactors';
import { AuthenticatorCodeField } from '../mfa/AuthenticatorCodeField';
import { SsoProviders } from './SsoProviders';

/** What the local form collected; the password is as typed (the app encodes it for the wire). */
export interface LoginCredentials {
  user: string;
  pass: string;
  /** The authenticator code, when the user signs in with one. */
  secondFactorToken?: string;
}

export interface LoginFormProps {
  /** The gateway's config: which ways to sign in it offers, the second factor, and which leads. */
  config: WebConfig;
  /** Signs in with a password, and the code when one was given (POST /sessions/web). */
  onLogin: (credentials: LoginCredentials) => void;
  /** Signs in with a password and then a security-key tap (loginWithSecurityKey). */
  onLoginWithKey: (credentials: { user: string; pass: string }) => void;
  /** Signs in with a passkey alone (loginWithPasskey). */
  onPasskey: () => void;
  /** Follows a single sign-on connector's URL. */
  onSso: (url: string) => void;
  /** A sign-in is running: the button that started it shows so, and none can be pressed again. */
  busy?: boolean;
  /** Why the last sign-in failed. */
  error?: string;
}

type Way = 'passkey' | 'local' | 'sso';

/** Which ways to sign in lead, from the primary auth type; the others follow in this order. */
const order: Record<ReturnType<typeof primaryAuthType>, Way[]> = {
  passwordless: ['passkey', 'local', 'sso'],
  local: ['local', 'passkey', 'sso'],
  sso: ['sso', 'local', 'passkey'],
};

/**
 * The ways to sign in that the gateway offers, the primary one first: a passkey, the local form (username,
 * password and the second factor the config asks for: a code, a key tapped after the password, or the user's
 * pick of the two) and a button per single sign-on connector. It only collects; the app makes the calls and
 * decides where to go afterwards.
 */
export function LoginForm({
  config,
  onLogin,
  onLoginWithKey,
  onPasskey,
  onSso,
  busy = false,
  error,
}: LoginFormProps) {
  const [started, setStarted] = useState<'form' | 'passkey'>('form');
  const lead = primaryAuthType(config);
  const ways: Record<Way, ReactNode> = {
    passkey:
      lead === 'passwordless' || config.auth.allowPasswordless ? (
        <Button
          kind={lead === 'passwordless' ? 'primary' : 'border'}
          size="large"
          block
          loading={busy && started === 'passkey'}
          disabled={busy && started !== 'passkey'}
          onClick={() => {
            setStarted('passkey');
            onPasskey();
          }}
        >
          Sign in with a passkey
        </Button>
      ) : null,
    local: config.auth.localAuthEnabled ? (
      <LocalForm
        config={config}
        busy={busy && started === 'form'}
        disabled={busy && started !== 'form'}
        onSubmit={(credentials, secondFactor) => {
          setStarted('form');
          if (secondFactor === 'webauthn') onLoginWithKey(credentials);
          else onLogin(credentials);
        }}
      />
    ) : null,
    sso: config.auth.providers.some((p) => p.url) ? (
      <SsoProviders providers={config.auth.providers} onSelect={onSso} />
    ) : null,
  };
  const shown = order[lead].filter((way) => ways[way]);

  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      {shown.map((way, i) => (
        <Fragment key={way}>
          {i > 0 ? (
            <Text muted textAlign="center" my={3}>
              or
            </Text>
          ) : null}
          {ways[way]}
        </Fragment>
      ))}
    </>
  );
}

interface LocalFormProps {
  config: WebConfig;
  busy: boolean;
  disabled: boolean;
  onSubmit: (credentials: LoginCredentials, secondFactor: LoginSecondFactor) => void;
}

/** Username, password, and the second factor: a code field when it is a code, a choice when the user picks. */
function LocalForm({ config, busy, disabled, onSubmit }: LocalFormProps) {
  const [user, setUser] = useState('');
  const [pass, setPass] = useState('');
  const [otp, setOtp] = useState('');
  const { choices, initial } = loginSecondFactors(config.auth);
  const [secondFactor, setSecondFactor] = useState(initial);

  const submit = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    onSubmit({ user, pass, ...(secondFactor === 'otp' && { secondFactorToken: otp.trim() }) }, secondFactor);
  };

  return (
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
          {choices.length > 1 ? (
            <Box mb={4}>
              <RadioGroup
                label="Second factor"
                inline
                value={secondFactor}
                onChange={setSecondFactor}
                options={choices.map((value) => ({ value, label: secondFactorLabels[value] }))}
              />
            </Box>
          ) : null}
          {secondFactor === 'otp' ? (
            <AuthenticatorCodeField value={otp} onChange={setOtp} />
          ) : null}
          <Button type="submit" size="large" block loading={busy} disabled={disabled}>
            Sign in
          </Button>
          {secondFactor === 'webauthn' ? (
            <Text muted textAlign="center" mt={2}>
              After your password, tap your security key when the browser asks.
            </Text>
          ) : null}
        </form>
      )}
    </Validation>
  );
}
