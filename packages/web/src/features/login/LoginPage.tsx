import {
  Alert,
  Button,
  Card,
  Flex,
  FieldInput,
  H1,
  Text,
  Validation,
  requiredField,
} from '@portcullis/design';
import { apiPaths, encodePassword, ensureOwnOrigin, primaryAuthType, webRoutes } from '@portcullis/shared';
import { browserLocation } from '../../browserLocation';
import { api } from '../../client';
import { useAttempt } from '../../useAttempt';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { SsoProviders } from './SsoProviders';

/** Second-factor settings that ask for a one-time code at sign-in. */
const otpSecondFactors = new Set(['otp', 'on', 'optional']);

export default function LoginPage() {
  const config = useAtomValue(webConfigAtom);
  const [params] = useSearchParams();
  const [user, setUser] = useState('');
  const [pass, setPass] = useState('');
  const [otp, setOtp] = useState('');
  const { busy, error, run } = useAttempt();
  const askOtp = otpSecondFactors.has(config.auth.second_factor);
  const lead = primaryAuthType(config);

  const submit = async (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    await run(async () => {
      await api.post(apiPaths.webSession, {
        user,
        pass: encodePassword(pass),
        second_factor_token: askOtp ? otp : undefined,
      });
      // A full load: the server renders the page with the new session's bearer token (spec §3).
      const redirect = params.get('redirect_uri');
      browserLocation.assign(redirect ? ensureOwnOrigin(redirect, window.location.origin) : webRoutes.root);
    });
  };

  const localForm = config.auth.localAuthEnabled ? (
    <Validation>
      {({ validate }) => (
        <form onSubmit={(e) => void submit(e, validate)} noValidate>
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
  const sso = <SsoProviders providers={config.auth.providers} />;

  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={4} textAlign="center">
          Sign in to Portcullis
        </H1>
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
      </Card>
    </Flex>
  );
}
