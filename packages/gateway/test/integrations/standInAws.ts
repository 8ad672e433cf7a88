/**
 * A STAND-IN for AWS: AWS cannot be reached from tests. It plays the two AWS APIs an AWS OIDC integration calls,
 * checking what AWS would check:
 * - STS AssumeRoleWithWebIdentity: the token's issuer must be a registered OpenID Connect identity provider, its
 *   signature must verify against the keys that issuer publishes (read from its discovery document, as AWS does),
 *   its audience must be the provider's, and the role's trust policy must name that provider.
 * - RDS DescribeDBInstances: signed with SigV4 by temporary credentials this stand-in issued, for a role allowed to
 *   describe instances; filtered by engine and paged with Marker.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import aws4 from 'aws4';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';

export interface StandInRdsInstance {
  identifier: string;
  engine: string;
  status: string;
  /** Absent while the instance is being created: RDS then has no endpoint for it. */
  endpoint?: { address: string; port: number };
  resourceId: string;
  tags: Record<string, string>;
}

export interface StandInRole {
  /** The identity provider (an issuer URL) the role's trust policy lets assume it. */
  trusts: string;
  /** Whether its permissions include rds:DescribeDBInstances. */
  describeRds: boolean;
}

export interface StandInAwsOptions {
  accountId: string;
  /** The IAM OpenID Connect identity providers: issuer URL → audience (client ID). */
  providers: Record<string, string>;
  /** Roles by ARN. */
  roles: Record<string, StandInRole>;
  /** RDS instances by region. */
  instances: Record<string, StandInRdsInstance[]>;
  /** Instances per page; RDS may answer fewer than MaxRecords, and a small page tests paging. */
  pageSize?: number;
}

export interface StandInAws {
  stsUrl: string;
  /** With {region}, as integrations.awsRdsUrl takes it. */
  rdsUrl: string;
  /** What STS was asked, with the verified token's claims. */
  assumed: { roleArn: string; sessionName: string; iss: string; aud: string; sub: string }[];
  /** What RDS was asked. */
  described: { region: string; engines: string[]; marker?: string }[];
  close(): Promise<void>;
}

interface Issued {
  secretAccessKey: string;
  sessionToken: string;
  roleArn: string;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function awsError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(`<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error></ErrorResponse>`);
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });

export async function startStandInAws(options: StandInAwsOptions): Promise<StandInAws> {
  const issued = new Map<string, Issued>();
  const assumed: StandInAws['assumed'] = [];
  const described: StandInAws['described'] = [];
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  async function assumeRole(form: URLSearchParams, res: ServerResponse) {
    const roleArn = form.get('RoleArn') ?? '';
    const token = form.get('WebIdentityToken') ?? '';
    let iss: string;
    try {
      iss = String(decodeJwt(token).iss);
    } catch {
      return awsError(res, 400, 'InvalidIdentityToken', 'The web identity token is not a JWT');
    }
    const audience = options.providers[iss];
    if (!audience) return awsError(res, 400, 'InvalidIdentityToken', `No OpenIDConnect provider found in your account for ${iss}`);
    let claims;
    try {
      if (!keySets.has(iss)) {
        const discovery = (await (await fetch(`${iss}/.well-known/openid-configuration`)).json()) as { issuer: string; jwks_uri: string };
        if (discovery.issuer !== iss) throw new Error('the discovery document names another issuer');
        keySets.set(iss, createRemoteJWKSet(new URL(discovery.jwks_uri)));
      }
      claims = (await jwtVerify(token, keySets.get(iss)!, { issuer: iss, audience })).payload;
    } catch (err) {
      return awsError(res, 400, 'InvalidIdentityToken', `The web identity token could not be verified: ${(err as Error).message}`);
    }
    const role = options.roles[roleArn];
    if (!role || role.trusts !== iss) return awsError(res, 403, 'AccessDenied', 'Not authorized to perform sts:AssumeRoleWithWebIdentity');
    assumed.push({ roleArn, sessionName: form.get('RoleSessionName') ?? '', iss, aud: String(claims.aud), sub: String(claims.sub) });
    const accessKeyId = `ASIA${randomBytes(8).toString('hex').toUpperCase()}`;
    const credentials = { secretAccessKey: randomBytes(20).toString('base64'), sessionToken: randomBytes(32).toString('base64'), roleArn };
    issued.set(accessKeyId, credentials);
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(
      `<AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleWithWebIdentityResult><Credentials><AccessKeyId>${accessKeyId}</AccessKeyId><SecretAccessKey>${credentials.secretAccessKey}</SecretAccessKey><SessionToken>${credentials.sessionToken}</SessionToken><Expiration>${new Date(Date.now() + 900_000).toISOString()}</Expiration></Credentials></AssumeRoleWithWebIdentityResult></AssumeRoleWithWebIdentityResponse>`,
    );
  }

  function describeInstances(req: IncomingMessage, region: string, url: URL, res: ServerResponse) {
    const credential = /Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\//.exec(req.headers.authorization ?? '');
    const creds = credential && issued.get(credential[1]!);
    if (!credential || !creds) return awsError(res, 403, 'InvalidClientTokenId', 'The security token included in the request is invalid');
    if (credential[2] !== region || credential[3] !== 'rds') return awsError(res, 403, 'SignatureDoesNotMatch', `Credential should be scoped to region ${region} and service rds`);
    const headers = { 'x-amz-date': String(req.headers['x-amz-date']), 'x-amz-security-token': String(req.headers['x-amz-security-token']) };
    const expected = aws4.sign({ host: req.headers.host!, path: `${url.pathname}${url.search}`, method: 'GET', service: 'rds', region, headers }, { accessKeyId: credential[1]!, ...creds });
    if ((expected.headers as Record<string, string>).Authorization !== req.headers.authorization) return awsError(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided');
    if (!options.roles[creds.roleArn]?.describeRds) return awsError(res, 403, 'AccessDenied', `User: ${creds.roleArn} is not authorized to perform: rds:DescribeDBInstances`);
    if (url.searchParams.get('Action') !== 'DescribeDBInstances') return awsError(res, 400, 'InvalidAction', 'This stand-in answers DescribeDBInstances only');
    const engines = [...url.searchParams.entries()].filter(([k]) => k.startsWith('Filters.Filter.1.Values.Value.')).map(([, v]) => v);
    const marker = url.searchParams.get('Marker') ?? undefined;
    described.push({ region, engines, ...(marker && { marker }) });
    const matching = (options.instances[region] ?? []).filter((i) => engines.length === 0 || engines.includes(i.engine));
    const start = marker ? Number(marker) : 0;
    const pageSize = Math.min(options.pageSize ?? 100, Number(url.searchParams.get('MaxRecords') ?? 100));
    const page = matching.slice(start, start + pageSize);
    const next = start + pageSize < matching.length ? `<Marker>${start + pageSize}</Marker>` : '';
    const instance = (i: StandInRdsInstance) =>
      `<DBInstance><DBInstanceIdentifier>${i.identifier}</DBInstanceIdentifier><Engine>${i.engine}</Engine><DBInstanceStatus>${i.status}</DBInstanceStatus>` +
      (i.endpoint ? `<Endpoint><Address>${i.endpoint.address}</Address><Port>${i.endpoint.port}</Port><HostedZoneId>Z2R2ITUGPM61AM</HostedZoneId></Endpoint>` : '') +
      `<DbiResourceId>${i.resourceId}</DbiResourceId><DBInstanceArn>arn:aws:rds:${region}:${options.accountId}:db:${i.identifier}</DBInstanceArn>` +
      `<TagList>${Object.entries(i.tags).map(([k, v]) => `<Tag><Key>${xmlEscape(k)}</Key><Value>${xmlEscape(v)}</Value></Tag>`).join('')}</TagList></DBInstance>`;
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(`<DescribeDBInstancesResponse xmlns="http://rds.amazonaws.com/doc/2014-10-31/"><DescribeDBInstancesResult><DBInstances>${page.map(instance).join('')}</DBInstances>${next}</DescribeDBInstancesResult></DescribeDBInstancesResponse>`);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = await readBody(req);
      const rds = /^\/rds\/([a-z0-9-]+)\/$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/sts/') {
        const form = new URLSearchParams(body);
        if (form.get('Action') !== 'AssumeRoleWithWebIdentity') return awsError(res, 400, 'InvalidAction', 'This stand-in answers AssumeRoleWithWebIdentity only');
        return assumeRole(form, res);
      }
      if (req.method === 'GET' && rds) return describeInstances(req, rds[1]!, url, res);
      return awsError(res, 404, 'NotFound', `the stand-in has no ${req.method} ${url.pathname}`);
    })().catch((err: unknown) => awsError(res, 500, 'InternalFailure', (err as Error).message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    stsUrl: `${origin}/sts/`,
    rdsUrl: `${origin}/rds/{region}/`,
    assumed,
    described,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
