import type { Rule, RuleResult } from '@portcullis/design';
import { awsOidcAudience } from '@portcullis/shared';

const ok: RuleResult = { valid: true };
const fail = (message: string): RuleResult => ({ valid: false, message });

/**
 * An integration's name as the gateway takes it (a DNS label, so it fits in AWS role session names), one
 * message per broken part so the user knows what to change.
 */
export const integrationNameRule: Rule = (value) => {
  if (value === '') return fail('Name the integration');
  if (value.length > 63) return fail('Use at most 63 characters');
  if (!/^[a-z]/.test(value)) return fail('Start with a lower-case letter');
  if (!/^[a-z0-9-]*$/.test(value)) return fail('Use only lower-case letters, digits and dashes');
  if (!/[a-z0-9]$/.test(value)) return fail('End with a letter or digit');
  return ok;
};

// The partitions IAM has OpenID Connect providers in; the gateway checks the same grammar.
const roleArnPattern = /^arn:(aws|aws-cn|aws-us-gov):iam::(\d{12}):role\/[\w+=,.@/-]{1,512}$/;

export interface RoleArnParts {
  partition: string;
  account: string;
}

/** The partition and account of an IAM role ARN; undefined until the text is one. */
export function parseRoleArn(arn: string): RoleArnParts | undefined {
  const match = roleArnPattern.exec(arn.trim());
  return match ? { partition: match[1]!, account: match[2]! } : undefined;
}

export const roleArnRule: Rule = (value) => {
  if (value.trim() === '') return fail('Enter the ARN of the IAM role');
  return parseRoleArn(value)
    ? ok
    : fail('Enter an IAM role ARN: arn:aws:iam::<12-digit account ID>:role/<role name>');
};

/**
 * The issuer as IAM names its OpenID Connect provider, in the provider's ARN and in its condition keys: host
 * and path, without the scheme or a trailing slash.
 */
export const providerName = (issuer: string) => issuer.replace(/^https?:\/\//, '').replace(/\/+$/, '');

/** What the trust policy names until the user has typed a valid role ARN. */
const accountPlaceholder = 'ACCOUNT_ID';

/**
 * The role's trust policy: only tokens the gateway signed for its AWS audience, presented through the
 * account's provider for the gateway, may assume it.
 */
export function trustPolicy(issuer: string, role: RoleArnParts | undefined): string {
  const provider = providerName(issuer);
  const partition = role?.partition ?? 'aws';
  return JSON.stringify(
    {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: {
            Federated: `arn:${partition}:iam::${role?.account ?? accountPlaceholder}:oidc-provider/${provider}`,
          },
          Action: 'sts:AssumeRoleWithWebIdentity',
          Condition: { StringEquals: { [`${provider}:aud`]: awsOidcAudience } },
        },
      ],
    },
    null,
    2,
  );
}

/** What the role must be allowed: listing the RDS databases the wizard enrols. */
export const rdsPermissionPolicy = JSON.stringify(
  {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: 'rds:DescribeDBInstances', Resource: '*' }],
  },
  null,
  2,
);
