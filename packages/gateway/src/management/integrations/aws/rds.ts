import type { AwsRdsDatabaseJson, AwsRdsDatabasesJson } from '@portcullis/shared';
import { badRequest, HttpError } from '../../../platform/access/errors';
import { signV4, type AwsCredentials } from '../../../platform/aws/sigv4';
import { awsErrorMessage, parseAwsXml, type AwsXml } from '../../../platform/aws/xml';
import type { RdsDatabasesBody } from '../schemas';

/** RDS's largest page. */
const pageSize = 100;

const protocolOf = (engine: string): AwsRdsDatabaseJson['protocol'] => (engine.includes('postgres') ? 'postgres' : 'mysql');

/** Tags become labels only when they fit a label (AWS allows longer keys, spaces, and its own aws: tags). */
const labelName = /^[\w./:-]{1,63}$/;

/** The query string of DescribeDBInstances, filtered by engine in AWS's indexed-parameter style. */
export function describeQuery(body: RdsDatabasesBody): string {
  const params = new URLSearchParams({ Action: 'DescribeDBInstances', Version: '2014-10-31', MaxRecords: String(pageSize), 'Filters.Filter.1.Name': 'engine' });
  body.engines.forEach((engine, i) => params.set(`Filters.Filter.1.Values.Value.${i + 1}`, engine));
  if (body.nextToken) params.set('Marker', body.nextToken);
  return params.toString();
}

/** One DBInstance as the console enrols it; undefined while it has no endpoint (still being created). */
function databaseOf(instance: AwsXml, region: string): AwsRdsDatabaseJson | undefined {
  const name = instance.text('DBInstanceIdentifier');
  const engine = instance.text('Engine') ?? '';
  const endpoint = instance.all('Endpoint')[0];
  const address = endpoint?.text('Address');
  const port = endpoint?.text('Port');
  if (!name || !address || !port) return undefined;
  const protocol = protocolOf(engine);
  const accountId = instance.text('DBInstanceArn')?.split(':')[4] ?? '';
  const tags = instance
    .all('Tag')
    .map((tag) => ({ name: tag.text('Key') ?? '', value: tag.text('Value') ?? '' }))
    .filter((tag) => labelName.test(tag.name) && !tag.name.startsWith('aws:') && tag.value.length <= 255);
  const own = [
    { name: 'account-id', value: accountId },
    { name: 'region', value: region },
    { name: 'engine', value: engine },
  ];
  return {
    name: name.toLowerCase(),
    engine,
    protocol,
    uri: `${protocol}://${address}:${port}`,
    status: instance.text('DBInstanceStatus') ?? '',
    accountId,
    region,
    resourceId: instance.text('DbiResourceId') ?? '',
    labels: [...tags.filter((t) => !own.some((o) => o.name === t.name)), ...own],
  };
}

/** One page of a region's RDS instances of the given engines, read with a role's temporary credentials. */
export async function describeRdsDatabases(rdsUrlTemplate: string, body: RdsDatabasesBody, creds: AwsCredentials, fetcher: typeof fetch): Promise<AwsRdsDatabasesJson> {
  const url = new URL(rdsUrlTemplate.replace('{region}', body.region));
  url.search = describeQuery(body);
  const headers = signV4({ url: url.toString(), method: 'GET', service: 'rds', region: body.region }, creds);
  let response: Response;
  try {
    response = await fetcher(url, { headers });
  } catch (err) {
    throw new HttpError(502, `could not reach AWS RDS at ${url.origin}: ${(err as Error).message}`);
  }
  const xml = parseAwsXml(await response.text());
  if (!response.ok) throw badRequest(`AWS RDS refused to list databases in ${body.region}: ${awsErrorMessage(xml) || response.status}. The integration's role needs rds:DescribeDBInstances`);
  const databases = xml.all('DBInstance').flatMap((instance) => databaseOf(instance, body.region) ?? []);
  const marker = xml.text('Marker');
  return marker ? { databases, nextToken: marker } : { databases };
}
