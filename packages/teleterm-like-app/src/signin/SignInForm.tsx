import { AuthenticatorCodeField } from '@portcullis/console-kit';
import { Alert, Button, FieldInput, requiredField, Validation } from '@portcullis/design';
import { ApiError, type DaemonLoginErrorJson, type DaemonProfileJson } from '@portcullis/shared';
import { useState } from 'react';
import type { DaemonClient } from '../daemon/daemonClient';

export interface SignInFormProps {
  daemon: Pick<DaemonClient, 'login'>;
  /** The cluster to sign in to again, when a session ended. */
  initial?: { proxy: string; user: string };
  onSignedIn: (profile: DaemonProfileJson) => void;
}

/** Whether the daemon refused the login for want of an authenticator code. */
const asksForCode = (err: unknown) =>
  err instanceof ApiError && (err.body as DaemonLoginErrorJson | undefined)?.needsOtp === true;

/**
 * Signs in to a cluster through the daemon with a password, then an authenticator code when the daemon says the
 * cluster wants one. Security keys and single sign-on are not offered: the daemon cannot ask for them.
 */
export function SignInForm({ daemon, initial, onSignedIn }: SignInFormProps) {
  const [proxy, setProxy] = useState(initial?.proxy ?? '');
  const [user, setUser] = useState(initial?.user ?? '');
  const [password, setPassword] = useState('');
  const [otpCode, setOtpCode] = useState('');
  const [needsOtp, setNeedsOtp] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    setError('');
    try {
      onSignedIn(
        await daemon.login({
          proxy: proxy.trim(),
          user: user.trim(),
          password,
          ...(needsOtp ? { otpCode: otpCode.trim() } : {}),
        }),
      );
    } catch (err) {
      if (asksForCode(err)) setNeedsOtp(true);
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Validation>
      {({ validate }) => (
        <form
          aria-label="Sign in to a cluster"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (validate()) void signIn();
          }}
        >
          {error ? <Alert kind={needsOtp && !otpCode ? 'info' : 'danger'}>{error}</Alert> : null}
          <FieldInput
            label="Proxy address"
            value={proxy}
            onChange={setProxy}
            placeholder="gateway.example.com:3080"
            rule={requiredField('Give the address of the cluster’s gateway')}
            required
            autoFocus={!initial}
          />
          <FieldInput
            label="User"
            value={user}
            onChange={setUser}
            rule={requiredField('Give your user name')}
            autoComplete="username"
            required
          />
          <FieldInput
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            rule={requiredField('Give your password')}
            autoComplete="current-password"
            autoFocus={Boolean(initial)}
            required
          />
          {needsOtp ? <AuthenticatorCodeField value={otpCode} onChange={setOtpCode} autoFocus /> : null}
          <Button type="submit" block loading={busy}>
            Sign in
          </Button>
        </form>
      )}
    </Validation>
  );
}
