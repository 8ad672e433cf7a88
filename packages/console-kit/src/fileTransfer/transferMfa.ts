import {
  apiPaths,
  type ApiClient,
  type AuthenticateChallengeJson,
  type AuthenticateChallengeRequest,
  compilePath,
  type MfaRequiredJson,
  type MfaRequiredRequest,
  type MfaResponseJson,
} from '@portcullis/shared';
import type { AskSecondFactor } from '../mfa/SecondFactorPrompt';
import type { TransferTarget } from './transferFile';

/**
 * Per-session MFA for one transfer: when the user's roles want a second factor for this node and login, the
 * user's answer to a fresh challenge of scope 'session' (each is good for one transfer); otherwise undefined.
 */
export async function transferMfaAnswer(
  target: TransferTarget,
  api: ApiClient,
  ask: AskSecondFactor,
): Promise<MfaResponseJson | undefined> {
  const { required } = await api.post<MfaRequiredJson>(
    compilePath(apiPaths.mfaRequired, { clusterId: target.clusterId }),
    {
      node: { node_name: target.serverId, login: target.login },
    } satisfies MfaRequiredRequest,
  );
  if (!required) return undefined;
  const challenge = await api.post<AuthenticateChallengeJson>(apiPaths.mfaAuthenticateChallenge, {
    scope: 'session',
  } satisfies AuthenticateChallengeRequest);
  return ask(challenge);
}
