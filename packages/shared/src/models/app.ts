import { compilePath } from '../routes/compilePath';
import { webRoutes } from '../routes/webRoutes';
import { sortLabels, type Label } from './labels';

export interface AwsRole {
  arn: string;
  display: string;
}

export interface AppJson {
  name: string;
  description?: string;
  uri: string;
  publicAddr?: string;
  labels?: Label[];
  clusterId: string;
  fqdn: string;
  awsConsole?: boolean;
  awsRoles?: AwsRole[];
}

export interface App {
  id: string;
  name: string;
  description: string;
  uri: string;
  publicAddr: string;
  labels: Label[];
  clusterId: string;
  fqdn: string;
  /** Empty for TCP and cloud apps, which cannot be opened in a browser. */
  launchUrl: string;
  awsRoles: AwsRole[];
  awsConsole: boolean;
  isCloudOrTcpEndpoint: boolean;
  addrWithProtocol: string;
}

/** A tcp:// or cloud:// app keeps its scheme with the public address; any other is reached over https. */
export function makeApp(json: AppJson): App {
  const publicAddr = json.publicAddr ?? '';
  const scheme = /^(tcp|cloud):\/\//.exec(json.uri)?.[1];
  const addrWithProtocol = publicAddr ? `${scheme ?? 'https'}://${publicAddr}` : json.uri;
  return {
    id: `${json.clusterId}-${json.name}-${publicAddr || json.uri}`,
    name: json.name,
    description: json.description ?? '',
    uri: json.uri,
    publicAddr,
    labels: sortLabels(json.labels),
    clusterId: json.clusterId,
    fqdn: json.fqdn,
    launchUrl: scheme
      ? ''
      : compilePath(webRoutes.appLauncher, { fqdn: json.fqdn, clusterId: json.clusterId, publicAddr: publicAddr || undefined }),
    awsRoles: json.awsRoles ?? [],
    awsConsole: json.awsConsole ?? false,
    isCloudOrTcpEndpoint: scheme !== undefined,
    addrWithProtocol,
  };
}

/** GET /apps/{fqdn}/{clusterId?}/{publicAddr?}: where the gateway serves the app (404 when the caller may not reach it). */
export interface AppDetailsJson {
  fqdn: string;
  clusterId: string;
  publicAddr: string;
}

/** POST /sessions/app: an application session for the app at `fqdn` (with a second factor when the roles require one per session). */
export interface CreateAppSessionRequest {
  fqdn: string;
  cluster_name?: string;
  public_addr?: string;
  arn?: string;
  mfa_response?: { totp_code?: string; webauthn_response?: Record<string, unknown> };
}

/**
 * The answer: the cookie values the application's own host sets for itself. The console hands them over by
 * posting them to appAuthPath on that host (a top-level form post), so no console cookie or token reaches it.
 */
export interface AppSessionJson {
  fqdn: string;
  value: string;
  subject: string;
  cookie_value: string;
  subject_cookie_value: string;
}

/** Where an application's host takes an app session's cookie values (POST form fields value, subject, path). */
export const appAuthPath = '/x-portcullis/auth';
