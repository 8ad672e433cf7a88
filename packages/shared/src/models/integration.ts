import type { Label } from './labels';

/** The kinds of integration the gateway knows; only AWS OIDC so far. */
export type IntegrationKind = 'aws-oidc';

/**
 * The audience of the tokens the gateway signs for AWS: the IAM OpenID Connect identity provider that trusts
 * the gateway must list it as its audience (client ID).
 */
export const awsOidcAudience = 'portcullis-aws-oidc';

/** An AWS OIDC integration: AWS trusts the gateway as an OpenID issuer and lets its tokens assume this role. */
export interface IntegrationJson {
  name: string;
  subKind: IntegrationKind;
  awsoidc: { roleArn: string };
}

export interface IntegrationListJson {
  items: IntegrationJson[];
  nextKey?: string;
}

/** POST /sites/{id}/integrations. */
export interface CreateIntegrationRequest {
  name: string;
  subKind: IntegrationKind;
  awsoidc: { roleArn: string };
}

/** PUT /sites/{id}/integrations/{name}: the role is all that changes. */
export interface UpdateIntegrationRequest {
  awsoidc: { roleArn: string };
}

/** The engines RDS listings are filtered by, as RDS names them. */
export type AwsRdsEngine = 'postgres' | 'aurora-postgresql' | 'mysql' | 'mariadb' | 'aurora-mysql';

/** POST /sites/{id}/integrations/aws-oidc/{name}/databases: one page of one region's RDS databases. */
export interface ListAwsRdsDatabasesRequest {
  region: string;
  engines: AwsRdsEngine[];
  nextToken?: string;
}

/** An RDS database instance as the gateway read it from AWS, ready to enrol (protocol and URI as POST databases takes them). */
export interface AwsRdsDatabaseJson {
  name: string;
  engine: string;
  protocol: 'postgres' | 'mysql';
  /** scheme://ENDPOINT:PORT, never with a password. */
  uri: string;
  /** RDS's status word: available, creating, stopped… */
  status: string;
  accountId: string;
  region: string;
  resourceId: string;
  /** The instance's tags, then account-id, region and engine; what the enrolled database is labelled with. */
  labels: Label[];
}

export interface AwsRdsDatabasesJson {
  databases: AwsRdsDatabaseJson[];
  nextToken?: string;
}

/** The gateway's OpenID discovery document (apiPaths.openidConfiguration), as AWS and the console read it. */
export interface OpenIdConfigurationJson {
  /** The gateway's public URL: what an AWS IAM OpenID Connect identity provider is created with. */
  issuer: string;
  jwks_uri: string;
  response_types_supported: string[];
  subject_types_supported: string[];
  id_token_signing_alg_values_supported: string[];
  claims_supported: string[];
}
