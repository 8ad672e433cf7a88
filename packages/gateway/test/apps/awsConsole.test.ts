/**
 * AWS console apps: listed with the caller's role ARNs, launched as one of them, and signed in to through AWS's
 * federation flow. AWS cannot be reached from tests, so `startStandInAws` below is a STAND-IN for AWS: a local
 * HTTP server playing STS (AssumeRole) and the federation endpoint (getSigninToken, Action=login), which the
 * gateway is pointed at with apps.awsStsUrl and apps.awsFederationUrl. Nothing here talks to AWS.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppJson } from '@portcullis/shared';
import aws4 from 'aws4';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { closedPort, joinToken, startAppAgent } from './fixtures';
import { Browser } from './httpClient';
import { auditedEventually, createAppSession, handoff } from './httpFixtures';

jest.setTimeout(60_000);

const arn = (name: string) => `arn:aws:iam::123456789012:role/${name}`;
/** Reaches env=dev apps and may sign in to AWS as Dev or ops/ReadOnly. */
const awsDevRole = `
kind: role
metadata: { name: aws-dev }
spec:
  allow:
    app_labels: { env: dev }
    aws_role_arns: ['${arn('Dev')}', '${arn('ops/ReadOnly')}']
    rules:
      - { resources: [app_server], verbs: [list, read] }
`;
/** Grants Admin only on env=prod apps: never on the dev AWS console, whatever other roles the user holds. */
const awsProdRole = `
kind: role
metadata: { name: aws-prod }
spec:
  allow:
    app_labels: { env: prod }
    aws_role_arns: ['${arn('Admin')}']
`;
/** Reaches the apps with no AWS role at all. */
const devNoAwsRole = `
kind: role
metadata: { name: dev-no-aws }
spec:
  allow:
    app_labels: { env: dev }
    rules:
      - { resources: [app_server], verbs: [list, read] }
`;

const standInCredentials = { accessKeyId: 'STANDINKEY', secretAccessKey: 'stand-in-secret' };

/** Whether an STS request's SigV4 signature is right for the bytes and headers that actually arrived, as AWS checks it. */
function signedCorrectly(req: IncomingMessage, path: string, body: string): boolean {
  const headers = Object.fromEntries(['content-type', 'content-length', 'x-amz-date'].map((h) => [h, String(req.headers[h])]));
  const expected = aws4.sign({ host: req.headers.host!, path, method: 'POST', service: 'sts', region: 'us-east-1', body, headers }, standInCredentials);
  return (expected.headers as Record<string, string>).Authorization === req.headers.authorization;
}

/** STAND-IN for AWS (STS and the federation endpoint), recording what the gateway asked. */
async function startStandInAws() {
  const assumed: { roleArn: string; sessionName: string; credential: string; signedCorrectly: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (req.method === 'POST' && url.pathname === '/sts') {
        const form = new URLSearchParams(body);
        const credential = /Credential=([^/]+)\/\d{8}\/([^,]+),/.exec(req.headers.authorization ?? '');
        assumed.push({
          roleArn: form.get('RoleArn')!,
          sessionName: form.get('RoleSessionName')!,
          credential: credential ? `${credential[1]} ${credential[2]}` : '',
          signedCorrectly: signedCorrectly(req, url.pathname, body),
        });
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(`<AssumeRoleResponse><AssumeRoleResult><Credentials><AccessKeyId>ASIA-${form.get('RoleArn')}</AccessKeyId><SecretAccessKey>secret</SecretAccessKey><SessionToken>session</SessionToken></Credentials></AssumeRoleResult></AssumeRoleResponse>`);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/federation' && url.searchParams.get('Action') === 'getSigninToken') {
        const session = JSON.parse(url.searchParams.get('Session') ?? '{}') as { sessionId?: string; sessionKey?: string; sessionToken?: string };
        if (!session.sessionId?.startsWith('ASIA-') || session.sessionKey !== 'secret' || session.sessionToken !== 'session') return void res.writeHead(400).end();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ SigninToken: `token-for-${session.sessionId.slice('ASIA-'.length)}` }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, assumed, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(engines)('AWS console apps on %s (against a stand-in for AWS)', (engine) => {
  let gw: TestGateway;
  let aws: Awaited<ReturnType<typeof startStandInAws>>;
  let stopAgent: () => Promise<void>;
  let port: number;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    aws = await startStandInAws();
    // The gateway's own AWS credentials, which only the stand-in sees (it checks that the request was signed with them).
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: standInCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: standInCredentials.secretAccessKey });
    gw = await startGateway({ engine, config: { apps: { awsStsUrl: `${aws.origin}/sts`, awsFederationUrl: `${aws.origin}/federation` } } });
    for (const role of [awsDevRole, awsProdRole, devNoAwsRole, `kind: role\nmetadata: { name: tokens }\nspec:\n  allow:\n    rules:\n      - { resources: [token], verbs: [create] }\n`]) await gw.createRole(role);
    const admin = await gw.signIn({ roles: ['tokens'] });
    const { agent } = await startAppAgent(gw.url, await joinToken(admin), [
      { name: 'aws', uri: 'https://console.aws.amazon.com/' },
      { name: 'echo', uri: `http://127.0.0.1:${await closedPort()}` },
    ]);
    stopAgent = () => agent.stop();
    port = Number(new URL(gw.url).port);
  });
  afterAll(async () => {
    await stopAgent();
    await gw.close();
    await aws.close();
    process.env = savedEnv;
  });

  const listed = async (client: Client) => {
    const res = await client.get<{ items: AppJson[] }>('/v1/webapi/sites/localhost/apps');
    return Object.fromEntries(res.body.items.map((a) => [a.name, { awsConsole: a.awsConsole, awsRoles: a.awsRoles }]));
  };

  test('the list marks the AWS console and shows each caller the role ARNs their roles grant on it', async () => {
    expect(await listed(await gw.signIn({ roles: ['aws-dev', 'aws-prod'] }))).toEqual({
      aws: { awsConsole: true, awsRoles: [{ arn: arn('Dev'), display: 'Dev' }, { arn: arn('ops/ReadOnly'), display: 'ops/ReadOnly' }] },
      echo: { awsConsole: false, awsRoles: [] },
    });
    expect((await listed(await gw.signIn({ roles: ['dev-no-aws'] }))).aws).toEqual({ awsConsole: true, awsRoles: [] });
  });

  test('an ARN the roles do not grant on this app is refused, naming it, and audited; a non-AWS app refuses any ARN', async () => {
    const client = await gw.signIn({ roles: ['aws-dev', 'aws-prod'] });
    expect(await createAppSession(client, 'aws.localhost', { arn: arn('Admin') })).toMatchObject({
      status: 403,
      body: { error: { message: `access denied to app aws: your roles do not allow AWS role ${arn('Admin')} on app aws` } },
    });
    await auditedEventually(gw, 'T3007W', { user: client.name, app_name: 'aws' });
    expect((await createAppSession(client, 'aws.localhost')).status).toBe(400);
    expect(await createAppSession(client, 'echo.localhost', { arn: arn('Dev') })).toMatchObject({ status: 400, body: { error: { message: 'app echo is not an AWS console app: leave arn out' } } });
    expect(aws.assumed).toEqual([]);
  });

  test('an allowed ARN: the handoff assumes the role and redirects to the sign-in URL of the stand-in federation endpoint', async () => {
    const client = await gw.signIn({ roles: ['aws-dev'] });
    const created = await createAppSession(client, 'aws.localhost', { arn: arn('ops/ReadOnly') });
    expect(created.status).toBe(200);
    await auditedEventually(gw, 'T2007I', { user: client.name, app_name: 'aws', aws_role_arn: arn('ops/ReadOnly') });

    const browser = new Browser(port);
    const host = `aws.localhost:${port}`;
    const answer = await handoff(browser, host, { value: created.body.value, subject: created.body.subject, path: '/' });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${aws.origin}/federation`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      Action: 'login',
      Issuer: gw.server.gw.publicUrl(),
      Destination: 'https://console.aws.amazon.com/',
      SigninToken: `token-for-${arn('ops/ReadOnly')}`,
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(aws.assumed).toEqual([{ roleArn: arn('ops/ReadOnly'), sessionName: client.name, credential: 'STANDINKEY us-east-1/sts/aws4_request', signedCorrectly: true }]);

    // The AWS console's host proxies nothing: anything but the handoff is sent back to the launcher.
    expect((await browser.fetch(host, 'GET', '/')).status).toBe(403);
  });
});
