import type { IntegrationJson, IntegrationListJson } from '@portcullis/shared';
import { adminContext } from '../../stories/storyGateway';

const contextPath = 'GET /v1/webapi/sites/localhost/context';

/** The stories' administrator, who may also list, enrol, delete and use integrations. */
export const integrationAdminContext = {
  ...adminContext,
  [contextPath]: {
    ...adminContext[contextPath],
    userAcl: {
      ...adminContext[contextPath].userAcl,
      integrations: { list: true, read: true, edit: true, create: true, remove: true, use: true },
    },
  },
};

export const storyIntegrations: IntegrationJson[] = [
  {
    name: 'aws-prod',
    subKind: 'aws-oidc',
    awsoidc: { roleArn: 'arn:aws:iam::123456789012:role/portcullis' },
  },
  {
    name: 'aws-gov',
    subKind: 'aws-oidc',
    awsoidc: { roleArn: 'arn:aws-us-gov:iam::210987654321:role/ops/portcullis-rds' },
  },
];

export const integrationListAnswer = (items: IntegrationJson[]) => ({
  'GET /v1/webapi/sites/localhost/integrations': { items } satisfies IntegrationListJson,
});

/** The gateway's OpenID discovery document, which the AWS setup steps quote. */
export const openidConfigurationAnswer = {
  'GET /.well-known/openid-configuration': {
    issuer: 'https://gateway.example.com',
    jwks_uri: 'https://gateway.example.com/.well-known/jwks.json',
  },
};
