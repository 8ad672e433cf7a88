import {
  ApiError,
  apiPaths,
  compilePath,
  encodePassword,
  type AuthenticateChallengeJson,
  type BearerTokenJson,
  type HeadlessLoginJson,
  type PingJson,
} from '@portcullis/shared';
import { connectGateway, type GatewayClient } from './http';
import type { Profile } from './profile';
import { askHidden } from './prompt';

/** A session the command line signed in to, whether or not it is kept as the profile. */
export interface SignedIn {
  gateway: GatewayClient;
  profile: Profile;
}

function signedIn(gateway: GatewayClient, user: string, cluster: string, session: BearerTokenJson, mfaVerified: boolean): SignedIn {
  const { csrf, secret } = gateway.credentials;
  if (!secret) throw new Error('the gateway signed in without setting its session cookie');
  gateway.credentials.token = session.token;
  const expires = session.sessionExpires ?? new Date(Date.now() + session.expires_in * 1000).toISOString();
  return { gateway, profile: { proxy: gateway.proxy, user, cluster, csrf, secret, token: session.token, expires, mfaVerified } };
}

const clusterOf = (ping: PingJson) => ping.proxy?.cluster || 'localhost';

/** The login challenge of the user's devices, asked for with the password; undefined for a user who has none (a 400). */
async function deviceChallenge(gateway: GatewayClient, user: string, pass: string): Promise<AuthenticateChallengeJson | undefined> {
  try {
    return await gateway.api.post<AuthenticateChallengeJson>(apiPaths.mfaLoginBegin, { user, pass });
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return undefined;
    throw err;
  }
}

/**
 * Asks for a secret a sign-in needs. The command line asks at the terminal; `portcullis connect` answers from the
 * request its UI sent, so it says which secret it wants rather than matching the question's words.
 */
export type AskSecret = (question: string, secret: 'password' | 'otp') => Promise<string>;

const askAtTerminal: AskSecret = (question) => askHidden(question);

/**
 * Signs in with the password, and a code from an authenticator app when the user has one (the gateway says so
 * after checking the password). A security key cannot be tapped from here: such a user is sent to --headless.
 */
export async function passwordLogin(proxy: string, user: string, ask = askAtTerminal): Promise<SignedIn> {
  const gateway = await connectGateway(proxy);
  const ping = await gateway.api.get<PingJson>(apiPaths.ping);
  const pass = encodePassword(await ask(`Enter password for ${user}: `, 'password'));
  let second_factor_token: string | undefined;
  const challenge = (ping.auth?.second_factor ?? 'off') === 'off' ? undefined : await deviceChallenge(gateway, user, pass);
  if (challenge?.totp_challenge) second_factor_token = await ask('Enter the code from your authenticator app: ', 'otp');
  else if (challenge?.webauthn_challenge) {
    throw new Error(`${user} signs in with a security key, which the command line cannot use: run portcullis login --headless --proxy ${gateway.proxy} --user ${user} to approve in your browser`);
  }
  const session = await gateway.api.post<BearerTokenJson>(apiPaths.webSession, { user, pass, ...(second_factor_token && { second_factor_token }) });
  return signedIn(gateway, user, clusterOf(ping), session, false);
}

/**
 * Headless sign-in: prints the approval page's address (one line, to `notify`), then waits for the user to
 * approve it with a second factor in a browser where they are signed in, and collects the short session.
 */
export async function headlessLogin(proxy: string, user: string, notify: (line: string) => void): Promise<SignedIn> {
  const gateway = await connectGateway(proxy);
  const ping = await gateway.api.get<PingJson>(apiPaths.ping);
  const request = await gateway.api.post<HeadlessLoginJson>(apiPaths.headlessLogin, { user });
  notify(`Approve this sign-in in your browser: ${request.url}`);
  const collect = compilePath(apiPaths.headlessLoginSession, { requestId: request.requestId });
  // Each call waits for the decision on the gateway's side and answers {state: 'pending'} when none came yet.
  while (Date.now() < Date.parse(request.expires)) {
    const answer = await gateway.api.post<BearerTokenJson | { state: 'pending' }>(collect, { secret: request.secret });
    if ('token' in answer) return signedIn(gateway, user, clusterOf(ping), answer, true);
  }
  throw new Error(`nobody approved the headless sign-in before it expired at ${request.expires}`);
}
