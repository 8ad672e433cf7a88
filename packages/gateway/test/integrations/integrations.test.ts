/**
 * AWS OIDC integrations: kept and audited by the gateway, and used to list RDS databases as AWS would let the
 * gateway, by exchanging a token the gateway signs for a role's credentials. AWS is the STAND-IN of
 * ./standInAws.ts; nothing here talks to AWS.
 */
import { apiPaths, awsOidcAudience, compilePath, eventCodes, type AwsRdsDatabasesJson, type DatabaseJson, type IntegrationJson } from '@portcullis/shared';
import { eventsWithCode } from '../apps/fixtures';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { startStandInAws, type StandInAws } from './standInAws';

jest.setTimeout(60_000);

const account = '123456789012';
const arn = (name: string) => `arn:aws:iam::${account}:role/${name}`;
const integrations = compilePath(apiPaths.integrations, { clusterId: 'localhost' });
const integration = (name: string) => compilePath(apiPaths.integrations, { clusterId: 'localhost', name });
const rdsDatabases = (name: string) => compilePath(apiPaths.awsOidcDatabases, { clusterId: 'localhost', name });
const databases = compilePath(apiPaths.databases, { clusterId: 'localhost' });

/** May see integrations and list RDS databases through them, but not change them. */
const userRole = `
kind: role
metadata: { name: integration-user }
spec:
  allow:
    rules:
      - { resources: [integration], verbs: [list, read, use] }
`;
/** Enrols databases from the console (what the wizard does after listing RDS). */
const enrollerRole = `
kind: role
metadata: { name: db-enroller }
spec:
  allow:
    rules:
      - { resources: [db], verbs: [create] }
`;
/** May see integrations only. */
const viewerRole = `
kind: role
metadata: { name: integration-viewer }
spec:
  allow:
    rules:
      - { resources: [integration], verbs: [list, read] }
`;

describe.each(engines)('AWS OIDC integrations on %s', (engine) => {
  let gw: TestGateway;
  let aws: StandInAws;
  let admin: Client & { name: string };
  let user: Client & { name: string };
  let viewer: Client & { name: string };
  /** The gateway's public URL, as its discovery document names it and AWS would be told. */
  let issuer: string;

  beforeAll(async () => {
    // The stand-in must know the gateway's issuer (its public URL) before trusting it, and the gateway the
    // stand-in's endpoints before starting: the port is taken first, then the roles are filled in.
    const roles: Parameters<typeof startStandInAws>[0]['roles'] = {};
    const providers: Record<string, string> = {};
    aws = await startStandInAws({
      accountId: account,
      providers,
      roles,
      pageSize: 2,
      instances: {
        'eu-west-2': [
          { identifier: 'Orders', engine: 'postgres', status: 'available', endpoint: { address: 'orders.abc.eu-west-2.rds.amazonaws.com', port: 5432 }, resourceId: 'db-ORDERS', tags: { team: 'shop', 'aws:cloudformation:stack-name': 'x', 'has space': 'y' } },
          { identifier: 'billing', engine: 'aurora-postgresql', status: 'available', endpoint: { address: 'billing.abc.eu-west-2.rds.amazonaws.com', port: 5433 }, resourceId: 'db-BILLING', tags: {} },
          { identifier: 'legacy', engine: 'mysql', status: 'available', endpoint: { address: 'legacy.abc.eu-west-2.rds.amazonaws.com', port: 3306 }, resourceId: 'db-LEGACY', tags: {} },
          { identifier: 'fresh', engine: 'postgres', status: 'creating', resourceId: 'db-FRESH', tags: {} },
        ],
      },
    });
    gw = await startGateway({ engine, config: { integrations: { awsStsUrl: aws.stsUrl, awsRdsUrl: aws.rdsUrl } } });
    issuer = ((await (await fetch(`${gw.url}${apiPaths.openidConfiguration}`)).json()) as { issuer: string }).issuer;
    providers[issuer] = awsOidcAudience;
    roles[arn('portcullis-discover')] = { trusts: issuer, describeRds: true };
    roles[arn('no-rds')] = { trusts: issuer, describeRds: false };
    roles[arn('other-issuer')] = { trusts: 'https://elsewhere.example.com', describeRds: true };
    await gw.createRole(userRole);
    await gw.createRole(viewerRole);
    await gw.createRole(enrollerRole);
    admin = await gw.signIn({ roles: ['editor'] });
    user = await gw.signIn({ roles: ['integration-user'] });
    viewer = await gw.signIn({ roles: ['integration-viewer'] });
  });
  afterAll(async () => {
    await gw.close();
    await aws.close();
  });

  const create = (name: string, roleArn: string) => admin.post<IntegrationJson>(integrations, { name, subKind: 'aws-oidc', awsoidc: { roleArn } });

  it('creates, lists page by page, reads, updates and deletes integrations, each change audited', async () => {
    const created = await create('aws-main', arn('portcullis-discover'));
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ name: 'aws-main', subKind: 'aws-oidc', awsoidc: { roleArn: arn('portcullis-discover') } });
    expect((await create('aws-second', arn('no-rds'))).status).toBe(200);
    expect((await create('aws-third', arn('other-issuer'))).status).toBe(200);

    const first = await user.get(`${integrations}?limit=2`);
    expect(first.body.items.map((i: IntegrationJson) => i.name)).toEqual(['aws-main', 'aws-second']);
    const second = await user.get(`${integrations}?limit=2&startKey=${first.body.nextKey}`);
    expect(second.body).toEqual({ items: [{ name: 'aws-third', subKind: 'aws-oidc', awsoidc: { roleArn: arn('other-issuer') } }] });

    const updated = await admin.put<IntegrationJson>(integration('aws-third'), { awsoidc: { roleArn: arn('renamed') } });
    expect(updated.body.awsoidc.roleArn).toBe(arn('renamed'));
    expect((await viewer.get<IntegrationJson>(integration('aws-third'))).body.awsoidc.roleArn).toBe(arn('renamed'));
    expect((await admin.del(integration('aws-third'))).status).toBe(200);
    expect((await admin.get(integration('aws-third'))).body.error.message).toBe('integration aws-third was not found');

    expect((await eventsWithCode(gw, eventCodes.INTEGRATION_CREATE)).map((e) => [e.user, e.name, e.role_arn])).toEqual([
      [admin.name, 'aws-main', arn('portcullis-discover')],
      [admin.name, 'aws-second', arn('no-rds')],
      [admin.name, 'aws-third', arn('other-issuer')],
    ]);
    expect((await eventsWithCode(gw, eventCodes.INTEGRATION_UPDATE)).map((e) => [e.name, e.role_arn])).toEqual([['aws-third', arn('renamed')]]);
    expect((await eventsWithCode(gw, eventCodes.INTEGRATION_DELETE)).map((e) => e.name)).toEqual(['aws-third']);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const refusal = async (body: unknown) => {
      const res = await admin.post(integrations, body);
      return [res.status, res.body.error.message as string];
    };
    expect(await refusal({ name: 'aws-main', subKind: 'aws-oidc', awsoidc: { roleArn: arn('x') } })).toEqual([409, 'an integration named aws-main already exists: choose another name, or edit it']);
    const [status, message] = await refusal({ name: 'Bad_Name', subKind: 'aws-oidc', awsoidc: { roleArn: 'arn:aws:iam::12:user/me' } });
    expect(status).toBe(400);
    expect(message).toContain('name must be lower-case letters, digits and dashes');
    expect(message).toContain('roleArn must be an IAM role ARN, e.g. arn:aws:iam::123456789012:role/portcullis');
    expect((await refusal({ name: 'gh', subKind: 'github', awsoidc: { roleArn: arn('x') } }))[1]).toContain("subKind must be 'aws-oidc'");
    expect((await admin.put(integration('missing'), { awsoidc: { roleArn: arn('x') } })).body.error.message).toBe('integration missing was not found');
    const badRegion = await user.post(rdsDatabases('aws-main'), { region: 'mars', engines: ['postgres'] });
    expect([badRegion.status, badRegion.body.error.message]).toEqual([400, expect.stringContaining('region must be an AWS region, e.g. us-east-1')]);
  });

  it('refuses each verb to those whose roles do not grant it', async () => {
    expect((await viewer.post(integrations, { name: 'nope', subKind: 'aws-oidc', awsoidc: { roleArn: arn('x') } })).status).toBe(403);
    expect((await user.put(integration('aws-main'), { awsoidc: { roleArn: arn('x') } })).status).toBe(403);
    expect((await user.del(integration('aws-main'))).status).toBe(403);
    expect((await viewer.post(rdsDatabases('aws-main'), { region: 'eu-west-2', engines: ['postgres'] })).status).toBe(403);
    expect(aws.assumed.filter((a) => a.sessionName === `portcullis-${viewer.name}`)).toEqual([]);
  });

  it('lists RDS databases through the role it assumes with a token AWS verifies against the published keys', async () => {
    const engines = ['postgres', 'aurora-postgresql'];
    const first = await user.post<AwsRdsDatabasesJson>(rdsDatabases('aws-main'), { region: 'eu-west-2', engines });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      databases: [
        {
          name: 'orders',
          engine: 'postgres',
          protocol: 'postgres',
          uri: 'postgres://orders.abc.eu-west-2.rds.amazonaws.com:5432',
          status: 'available',
          accountId: account,
          region: 'eu-west-2',
          resourceId: 'db-ORDERS',
          labels: [
            { name: 'team', value: 'shop' },
            { name: 'account-id', value: account },
            { name: 'region', value: 'eu-west-2' },
            { name: 'engine', value: 'postgres' },
          ],
        },
        {
          name: 'billing',
          engine: 'aurora-postgresql',
          protocol: 'postgres',
          uri: 'postgres://billing.abc.eu-west-2.rds.amazonaws.com:5433',
          status: 'available',
          accountId: account,
          region: 'eu-west-2',
          resourceId: 'db-BILLING',
          labels: [
            { name: 'account-id', value: account },
            { name: 'region', value: 'eu-west-2' },
            { name: 'engine', value: 'aurora-postgresql' },
          ],
        },
      ],
      nextToken: '2',
    });
    // The instance still being created has no endpoint to enrol yet.
    const second = await user.post<AwsRdsDatabasesJson>(rdsDatabases('aws-main'), { region: 'eu-west-2', engines, nextToken: first.body.nextToken });
    expect(second.body).toEqual({ databases: [] });
    expect(aws.described.slice(-2)).toEqual([
      { region: 'eu-west-2', engines },
      { region: 'eu-west-2', engines, marker: '2' },
    ]);
    expect(aws.assumed.at(-1)).toEqual({ roleArn: arn('portcullis-discover'), sessionName: `portcullis-${user.name}`, iss: issuer, aud: awsOidcAudience, sub: 'integration:aws-main' });

    const mysql = await user.post<AwsRdsDatabasesJson>(rdsDatabases('aws-main'), { region: 'eu-west-2', engines: ['mysql', 'mariadb', 'aurora-mysql'] });
    expect(mysql.body.databases.map((d) => [d.name, d.protocol, d.uri])).toEqual([['legacy', 'mysql', 'mysql://legacy.abc.eu-west-2.rds.amazonaws.com:3306']]);
  });

  it('says what AWS refused when the role does not trust the gateway or may not describe instances', async () => {
    const noRds = await user.post(rdsDatabases('aws-second'), { region: 'eu-west-2', engines: ['postgres'] });
    expect([noRds.status, noRds.body.error.message]).toEqual([
      400,
      `AWS RDS refused to list databases in eu-west-2: AccessDenied: User: ${arn('no-rds')} is not authorized to perform: rds:DescribeDBInstances. The integration's role needs rds:DescribeDBInstances`,
    ]);
    await create('aws-untrusted', arn('other-issuer'));
    const untrusted = await user.post(rdsDatabases('aws-untrusted'), { region: 'eu-west-2', engines: ['postgres'] });
    expect([untrusted.status, untrusted.body.error.message]).toEqual([
      400,
      `AWS refused to let the gateway assume ${arn('other-issuer')}: AccessDenied: Not authorized to perform sts:AssumeRoleWithWebIdentity. Check that AWS has an OpenID Connect identity provider for this gateway's public URL with audience ${awsOidcAudience}, and that the role's trust policy allows it`,
    ]);
    const missing = await user.post(rdsDatabases('nowhere'), { region: 'eu-west-2', engines: ['postgres'] });
    expect([missing.status, missing.body.error.message]).toEqual([404, 'integration nowhere was not found']);
  });

  it('enrols a listed RDS database, which the Databases page titles as RDS', async () => {
    const { databases: [orders] } = (await user.post<AwsRdsDatabasesJson>(rdsDatabases('aws-main'), { region: 'eu-west-2', engines: ['postgres'] })).body;
    const enroller = await gw.signIn({ roles: ['db-enroller'] });
    const enrolled = await enroller.post<DatabaseJson>(databases, { name: orders!.name, uri: orders!.uri, labels: orders!.labels, protocol: orders!.protocol, type: 'rds' });
    expect(enrolled.status).toBe(200);
    expect([enrolled.body.name, enrolled.body.type, enrolled.body.hostname]).toEqual(['orders', 'rds', 'orders.abc.eu-west-2.rds.amazonaws.com']);
    expect(enrolled.body.labels).toEqual(expect.arrayContaining([{ name: 'account-id', value: account }, { name: 'team', value: 'shop' }]));
  });
});
