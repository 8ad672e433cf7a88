import { Alert, Button, Card, Flex, H1, H2, Link, Text, Validation } from '@portcullis/design';
import {
  apiPaths,
  compilePath,
  encodePassword,
  makeResetToken,
  type RegisterChallengeJson,
  type ResetToken,
  type ResetTokenJson,
  type SetPasswordJson,
  webRoutes,
} from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useMatch, useParams } from 'react-router-dom';
import { browserLocation } from '../../browserLocation';
import { api } from '../../client';
import { webConfigAtom } from '../../config';
import { useAttempt } from '../../useAttempt';
import { type DeviceAnswer, RegisterDeviceForm } from './RegisterDeviceForm';
import { deviceChoices, type DeviceKind, registerRequest } from './deviceKinds';
import { NewPasswordFields } from './NewPasswordFields';
import { RecoveryCodes } from './RecoveryCodes';

type Step = 'password' | 'device' | { codes: string[] };

/**
 * One screen for an invitation and a password reset: the new password, twice, with its rules; then, when the
 * gateway's second factor asks for one, a device to register (a passkey lets the password stay empty); then
 * the recovery codes, if the gateway issued any.
 */
export default function InvitePage() {
  const { tokenId = '' } = useParams();
  const onReset = useMatch(webRoutes.userReset);
  const onResetContinue = useMatch(webRoutes.userResetContinue);
  const isReset = Boolean(onReset ?? onResetContinue);
  const { auth } = useAtomValue(webConfigAtom);
  const [token, setToken] = useState<ResetToken | null>(null);
  const [loadError, setLoadError] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [step, setStep] = useState<Step>('password');
  const { busy, error, run } = useAttempt();
  const devices = deviceChoices(auth);
  const submitLabel = isReset ? 'Change Password' : 'Set Password';
  // Only a passkey signs in without a password, so an empty one leaves the passkey as the one choice.
  const passkeyOnly = devices.choices.includes('passkey') && password === '';

  useEffect(() => {
    api
      .get<ResetTokenJson>(compilePath(apiPaths.resetPasswordToken, { tokenId }))
      .then((json) => setToken(makeResetToken(json)))
      .catch((err: Error) => setLoadError(err.message));
  }, [tokenId]);

  const finish = async (device: DeviceAnswer = { kind: 'none' }) => {
    const answer = await api.put<SetPasswordJson>(apiPaths.passwordToken, {
      token: tokenId,
      password: encodePassword(password),
      ...('secondFactorToken' in device && { second_factor_token: device.secondFactorToken }),
      ...('webauthnResponse' in device && { webauthnCreationResponse: device.webauthnResponse }),
      ...(device.kind !== 'none' && { deviceName: device.deviceName }),
    });
    const codes = answer?.recovery.codes ?? [];
    // The server answers with a session; a full load picks up its bearer token.
    if (codes.length) setStep({ codes });
    else browserLocation.assign(webRoutes.root);
  };

  const challenge = useCallback(
    (kind: DeviceKind) =>
      api.post<RegisterChallengeJson>(
        compilePath(apiPaths.mfaRegisterChallengeWithToken, { tokenId }),
        registerRequest[kind],
      ),
    [tokenId],
  );

  const submitPassword = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    if (devices.choices.length) setStep('device');
    else void run(() => finish());
  };

  const body = () => {
    if (typeof step === 'object')
      return <RecoveryCodes codes={step.codes} onDone={() => browserLocation.assign(webRoutes.root)} />;
    if (step === 'device') {
      return (
        <>
          <H2 mb={3}>Set up a second factor</H2>
          <RegisterDeviceForm
            choices={passkeyOnly ? ['passkey'] : devices.choices}
            initial={passkeyOnly ? 'passkey' : devices.initial!}
            challenge={challenge}
            onRegister={finish}
            submitLabel={submitLabel}
            secondary={
              <Button type="button" kind="border" size="large" onClick={() => setStep('password')}>
                Back
              </Button>
            }
          />
        </>
      );
    }
    return (
      <>
        {error ? <Alert>{error}</Alert> : null}
        <Validation>
          {({ validate }) => (
            <form onSubmit={(e) => submitPassword(e, validate)} noValidate>
              <NewPasswordFields
                label="Password"
                password={password}
                onPasswordChange={setPassword}
                confirm={confirm}
                onConfirmChange={setConfirm}
                autoFocus
                emptyAllowed={
                  devices.choices.includes('passkey')
                    ? 'Or leave it empty and sign in with a passkey only.'
                    : undefined
                }
              />
              <Button type="submit" size="large" block loading={busy} disabled={!token}>
                {devices.choices.length ? 'Next' : submitLabel}
              </Button>
            </form>
          )}
        </Validation>
      </>
    );
  };

  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        <H1 mb={2}>{isReset ? 'Reset Password' : 'Welcome to Portcullis'}</H1>
        {loadError ? (
          // A link that no longer works cannot set a password: the form would only invite a doomed attempt.
          <>
            <Alert
              details={
                isReset
                  ? 'Ask your administrator for a new password reset link.'
                  : 'Ask your administrator to invite you again.'
              }
            >
              {loadError}
            </Alert>
            <Link href={webRoutes.login}>Go to Sign In</Link>
          </>
        ) : (
          <>
            {token && typeof step !== 'object' ? (
              <Text muted mb={4}>
                {isReset ? 'Choose a new password for' : 'Set a password for'} {token.username}
              </Text>
            ) : null}
            {body()}
          </>
        )}
      </Card>
    </Flex>
  );
}
