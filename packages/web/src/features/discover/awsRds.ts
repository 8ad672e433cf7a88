import {
  apiPaths,
  type AwsRdsDatabasesJson,
  compilePath,
  type ListAwsRdsDatabasesRequest,
} from '@portcullis/shared';
import { api } from '../../client';
import { fetchIntegrations } from '../integrations/integrationsApi';

/** An AWS region's name (us-east-1, us-gov-west-1), checked before the gateway asks AWS about it. */
export const awsRegionPattern = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

/** The gateway's largest page of integrations: the picker offers those of the first one. */
const integrationsLimit = 1000;

/** The names of the cluster's AWS OIDC integrations, the ones that can list RDS databases. */
export async function fetchAwsOidcIntegrations(clusterId: string): Promise<string[]> {
  const { items } = await fetchIntegrations(clusterId, integrationsLimit);
  return items.filter((i) => i.subKind === 'aws-oidc').map((i) => i.name);
}

/** One page of a region's RDS databases, which the gateway reads from AWS as the integration's role. */
export const listRdsDatabases = (
  clusterId: string,
  integration: string,
  request: ListAwsRdsDatabasesRequest,
) =>
  api.post<AwsRdsDatabasesJson>(
    compilePath(apiPaths.awsOidcDatabases, { clusterId, name: integration }),
    request,
  );
