import { awsOidcAudience } from '@portcullis/shared';
import { badRequest, HttpError } from '../../../platform/access/errors';
import type { AwsCredentials } from '../../../platform/aws/sigv4';
import { awsErrorMessage, parseAwsXml } from '../../../platform/aws/xml';
import type { JwtKeys } from '../../../platform/issuer/keys';

/** The token is spent at once on STS; a short life leaves little to steal. */
const tokenTtlMs = 5 * 60_000;
/** The role's credentials serve one listing; STS's minimum. */
const roleSessionSeconds = 900;

/**
 * The token AWS's IAM OpenID Connect identity provider accepts from the gateway: issuer the gateway's public URL
 * (where AWS reads the discovery document and JWKS), audience awsOidcAudience, subject the integration, so a
 * role's trust policy can pin the integration too.
 */
export const webIdentityToken = async (keys: JwtKeys, issuer: string, integration: string, now: number): Promise<string> =>
  keys.sign({ iss: issuer, aud: awsOidcAudience, sub: `integration:${integration}` }, now, now + tokenTtlMs);

/** A role session name AWS accepts ([\w+=,.@-], 2-64 characters) that names who asked. */
export const roleSessionName = (user: string): string => `portcullis-${user}`.replace(/[^\w+=,.@-]/g, '-').slice(0, 64);

/**
 * STS AssumeRoleWithWebIdentity: the gateway's token for the role's temporary credentials. The call is not signed
 * (the token is the credential), which is why the gateway needs no AWS keys of its own for integrations.
 */
export async function assumeRoleWithWebIdentity(
  stsUrl: string,
  request: { roleArn: string; sessionName: string; token: string },
  fetcher: typeof fetch,
): Promise<AwsCredentials> {
  const form = new URLSearchParams({
    Action: 'AssumeRoleWithWebIdentity',
    Version: '2011-06-15',
    RoleArn: request.roleArn,
    RoleSessionName: request.sessionName,
    WebIdentityToken: request.token,
    DurationSeconds: String(roleSessionSeconds),
  });
  let response: Response;
  try {
    response = await fetcher(stsUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: form.toString() });
  } catch (err) {
    throw new HttpError(502, `could not reach AWS STS at ${stsUrl}: ${(err as Error).message}`);
  }
  const xml = parseAwsXml(await response.text());
  if (!response.ok)
    throw badRequest(
      `AWS refused to let the gateway assume ${request.roleArn}: ${awsErrorMessage(xml) || response.status}. Check that AWS has an OpenID Connect identity provider for this gateway's public URL with audience ${awsOidcAudience}, and that the role's trust policy allows it`,
    );
  const [accessKeyId, secretAccessKey, sessionToken] = ['AccessKeyId', 'SecretAccessKey', 'SessionToken'].map((f) => xml.text(f));
  if (!accessKeyId || !secretAccessKey || !sessionToken) throw new HttpError(502, 'AWS STS answered AssumeRoleWithWebIdentity without credentials');
  return { accessKeyId, secretAccessKey, sessionToken };
}
