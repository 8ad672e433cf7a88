import { Alert, Box, Button, Text, Validation } from '@portcullis/design';
import type { AuthenticateChallengeJson, MfaResponseJson } from '@portcullis/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AuthenticatorCodeField } from './AuthenticatorCodeField';
import { getAssertion } from './webauthn';

/** How an engine asks the app for a second factor: the app shows a prompt and resolves with the answer. */
export type AskSecondFactor = (challenge: AuthenticateChallengeJson) => Promise<MfaResponseJson>;

export interface SecondFactorPromptProps {
  /** What the gateway asked for: a key tap when the user has a key, a code when it accepts one. */
  challenge: AuthenticateChallengeJson;
  /**
   * Takes the answer. When it fails (the gateway refused the code, say) its message is shown and the user may
   * answer again; the prompt stays busy while it runs.
   */
  onAnswer: (response: MfaResponseJson) => Promise<void> | void;
  /** Why the second factor is asked for, above the choices. */
  description?: ReactNode;
}

type Busy = 'key' | 'code' | null;

/**
 * Asks for a second factor: a security-key tap (the browser's prompt opens on the button, a user gesture, which
 * some browsers require) and, when the challenge accepts one, an authenticator code.
 */
export function SecondFactorPrompt({ challenge, onAnswer, description }: SecondFactorPromptProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState('');
  const key = challenge.webauthn_challenge;

  const answer = async (how: Exclude<Busy, null>, response: () => Promise<MfaResponseJson>) => {
    setBusy(how);
    setError('');
    try {
      await onAnswer(await response());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  const submitCode = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    // The prompt may sit in a dialog over another form; its submit is its own.
    e.stopPropagation();
    if (validate()) void answer('code', async () => ({ totp_code: code.trim() }));
  };

  return (
    <Box>
      {description ? <Text mb={3}>{description}</Text> : null}
      {error ? <Alert>{error}</Alert> : null}
      {key ? (
        <>
          <Button
            block
            size="large"
            loading={busy === 'key'}
            disabled={busy === 'code'}
            onClick={() => void answer('key', async () => ({ webauthn_response: await getAssertion(key) }))}
          >
            Use security key
          </Button>
          <Text role="status" muted textAlign="center" mt={2}>
            {busy === 'key' ? 'Tap your security key…' : ''}
          </Text>
        </>
      ) : null}
      {key && challenge.totp_challenge ? (
        <Text muted textAlign="center" my={3}>
          or
        </Text>
      ) : null}
      {challenge.totp_challenge ? (
        <Validation>
          {({ validate }) => (
            <form onSubmit={(e) => submitCode(e, validate)} noValidate>
              <AuthenticatorCodeField value={code} onChange={setCode} autoFocus={!key} />
              <Button
                type="submit"
                kind={key ? 'border' : 'primary'}
                block
                loading={busy === 'code'}
                disabled={busy === 'key'}
              >
                Verify code
              </Button>
            </form>
          )}
        </Validation>
      ) : null}
      {!key && !challenge.totp_challenge ? (
        <Alert kind="warning">You have no second factor registered that could answer this.</Alert>
      ) : null}
    </Box>
  );
}
