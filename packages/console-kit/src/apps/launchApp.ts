import {
  ApiError,
  type ApiClient,
  apiPaths,
  appAuthPath,
  type AppDetailsJson,
  type AppSessionJson,
  type AuthenticateChallengeJson,
  type AuthenticateChallengeRequest,
  compilePath,
  type CreateAppSessionRequest,
} from '@portcullis/shared';
import type { AskSecondFactor } from '../mfa/SecondFactorPrompt';

/** Which application to open, as the launcher's route names it (only the fqdn is required). */
export interface AppLaunchTarget {
  fqdn: string;
  clusterId?: string;
  publicAddr?: string;
  arn?: string;
}

/** The top-level form post that hands an app session to the application's own host. */
export interface AppAuthForm {
  action: string;
  fields: { value: string; subject: string; path: string };
}

/**
 * The gateway refuses an app session with 403 and this in its message when the user's roles require a second
 * factor per session; any other 403 (no device, an answer refused) is the user's to read, not to retry.
 */
const secondFactorNeeded = (err: unknown) =>
  err instanceof ApiError && err.status === 403 && /second factor is (required|needed)/i.test(err.message);

/**
 * Creates an app session for `target`: the app's details first (so the session is asked for the address the
 * gateway serves it at, not whatever a link said), then POST /sessions/app, and when the roles require
 * per-session MFA, the user's answer to a fresh 'session' challenge and the same request again.
 */
export async function createAppSession(
  api: ApiClient,
  target: AppLaunchTarget,
  ask: AskSecondFactor,
): Promise<{ details: AppDetailsJson; session: AppSessionJson }> {
  const details = await api.get<AppDetailsJson>(
    compilePath(apiPaths.appDetails, {
      fqdn: target.fqdn,
      clusterId: target.clusterId || undefined,
      publicAddr: target.publicAddr || undefined,
    }),
  );
  const request: CreateAppSessionRequest = {
    fqdn: details.fqdn,
    cluster_name: details.clusterId,
    public_addr: details.publicAddr,
    ...(target.arn ? { arn: target.arn } : {}),
  };
  try {
    return { details, session: await api.post<AppSessionJson>(apiPaths.appSession, request) };
  } catch (err) {
    if (!secondFactorNeeded(err)) throw err;
  }
  const challenge = await api.post<AuthenticateChallengeJson>(apiPaths.mfaAuthenticateChallenge, {
    scope: 'session',
  } satisfies AuthenticateChallengeRequest);
  const mfa_response = await ask(challenge);
  return {
    details,
    session: await api.post<AppSessionJson>(apiPaths.appSession, { ...request, mfa_response } satisfies CreateAppSessionRequest),
  };
}

/** A host name or address with an optional port, nothing more: the form's action must land on exactly that host. */
const hostAndPort = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i;

/** A path on the app's own host; anything else (another origin, `//host`) opens the app's root instead. */
export const appPath = (path: string | null | undefined) => (path && /^\/(?![/\\])/.test(path) ? path : '/');

/**
 * The form that gives the app's host its own cookie values: posted to appAuthPath on `publicAddr` (which
 * includes the port) with the page's protocol, as fields value and subject, plus the path to open there. Only
 * the app session's values go: the console's cookies are host-only on its own host and its bearer stays in it.
 */
export function appAuthForm(
  session: Pick<AppSessionJson, 'cookie_value' | 'subject_cookie_value'>,
  { protocol, publicAddr, path }: { protocol: string; publicAddr: string; path?: string | null },
): AppAuthForm {
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`Applications open over http or https, not ${protocol}`);
  if (!hostAndPort.test(publicAddr)) throw new Error(`The application's address is not a host name: ${publicAddr}`);
  return {
    action: `${protocol}//${publicAddr}${appAuthPath}`,
    fields: { value: session.cookie_value, subject: session.subject_cookie_value, path: appPath(path) },
  };
}

/**
 * Submits `form` as a real top-level POST, so the browser navigates to the app's host (which sets its cookie and
 * redirects) rather than a script reading the answer. Returns the form element it submitted.
 */
export function submitAppAuthForm(doc: Document, { action, fields }: AppAuthForm): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  return form;
}
