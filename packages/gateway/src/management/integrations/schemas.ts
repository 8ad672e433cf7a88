import { z } from 'zod';
import { clusterParams } from '../../platform/clusters/schemas';

/** A DNS label, so the name can appear in AWS role session names and URLs as it is. */
const integrationName = z
  .string()
  .regex(/^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/, 'name must be lower-case letters, digits and dashes, start with a letter, end with a letter or digit, and be at most 63 characters');

/** An IAM role in any AWS partition: arn:aws:iam::ACCOUNT:role/PATH/NAME. */
export const roleArn = z
  .string()
  .max(2048)
  .regex(/^arn:aws(-cn|-us-gov)?:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/, 'roleArn must be an IAM role ARN, e.g. arn:aws:iam::123456789012:role/portcullis');

const awsoidc = z.object({ roleArn }).strict();

export const createIntegrationBody = z.object({ name: integrationName, subKind: z.literal('aws-oidc', { message: "subKind must be 'aws-oidc', the only kind of integration" }), awsoidc }).strict();
export const updateIntegrationBody = z.object({ awsoidc }).strict();

export const integrationParams = clusterParams.extend({ name: z.string().min(1).max(63) }).strict();

export const integrationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  startKey: z.string().max(63).optional(),
});

export const rdsEngines = ['postgres', 'aurora-postgresql', 'mysql', 'mariadb', 'aurora-mysql'] as const;

export const rdsDatabasesBody = z
  .object({
    region: z.string().regex(/^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d{1,2}$/, 'region must be an AWS region, e.g. us-east-1'),
    engines: z.array(z.enum(rdsEngines)).min(1, 'name at least one engine').max(rdsEngines.length),
    nextToken: z.string().min(1).max(1024).optional(),
  })
  .strict();
export type RdsDatabasesBody = z.infer<typeof rdsDatabasesBody>;
