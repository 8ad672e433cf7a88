import { signV4, type AwsCredentials } from '../../../platform/aws/sigv4';
import { awsErrorMessage, parseAwsXml } from '../../../platform/aws/xml';

/** Signs a person in to the AWS console as a role: the URL their browser is sent to. */
export interface AwsFederation {
  signinUrl(request: { roleArn: string; sessionName: string; issuer: string; destination: string }): Promise<string>;
}

export interface AwsFederationOptions {
  /** STS, where the role is assumed (https://sts.amazonaws.com/ by default). */
  stsUrl: string;
  /** The federation endpoint, which turns the role's credentials into a sign-in token (AWS's by default). */
  federationUrl: string;
  /** The gateway's own AWS credentials, read when needed (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN). */
  credentials: () => AwsCredentials | undefined;
  fetch?: typeof fetch;
}

/** Console sessions last the federation endpoint's default; the role's credentials only need to outlive the exchange. */
const roleSessionSeconds = 900;

export const envCredentials = (): AwsCredentials | undefined => {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken } : undefined;
};

/**
 * AWS's documented custom-broker flow: STS AssumeRole with the gateway's credentials (signed with SigV4), then
 * the federation endpoint's getSigninToken with the role's temporary credentials, then its Action=login URL,
 * which the browser follows. Errors name the step, never the credentials.
 */
export function awsFederation(options: AwsFederationOptions): AwsFederation {
  const fetcher = options.fetch ?? fetch;
  return {
    async signinUrl({ roleArn, sessionName, issuer, destination }) {
      const own = options.credentials();
      if (!own) throw new Error('the gateway has no AWS credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) to assume roles with');
      const body = new URLSearchParams({ Action: 'AssumeRole', Version: '2011-06-15', RoleArn: roleArn, RoleSessionName: sessionName, DurationSeconds: String(roleSessionSeconds) }).toString();
      // STS's global endpoint signs for us-east-1.
      const headers = signV4({ url: options.stsUrl, method: 'POST', service: 'sts', region: 'us-east-1', form: body }, own);
      const sts = await fetcher(options.stsUrl, { method: 'POST', headers, body });
      const xml = parseAwsXml(await sts.text());
      if (!sts.ok) throw new Error(`STS refused to assume ${roleArn}: ${sts.status} ${awsErrorMessage(xml)}`.trim());
      const [sessionId, sessionKey, sessionToken] = ['AccessKeyId', 'SecretAccessKey', 'SessionToken'].map((f) => xml.text(f));
      if (!sessionId || !sessionKey || !sessionToken) throw new Error('STS answered AssumeRole without credentials');

      const tokenUrl = new URL(options.federationUrl);
      tokenUrl.search = new URLSearchParams({ Action: 'getSigninToken', Session: JSON.stringify({ sessionId, sessionKey, sessionToken }) }).toString();
      const token = await fetcher(tokenUrl);
      if (!token.ok) throw new Error(`the AWS federation endpoint refused a sign-in token: ${token.status}`);
      const { SigninToken } = (await token.json()) as { SigninToken?: string };
      if (!SigninToken) throw new Error('the AWS federation endpoint answered without a SigninToken');

      const login = new URL(options.federationUrl);
      login.search = new URLSearchParams({ Action: 'login', Issuer: issuer, Destination: destination, SigninToken }).toString();
      return login.toString();
    },
  };
}
