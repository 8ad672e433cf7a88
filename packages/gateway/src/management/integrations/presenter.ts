import type { IntegrationJson, IntegrationKind } from '@portcullis/shared';
import type { IntegrationRow } from './tables';

export const presentIntegration = (row: IntegrationRow) =>
  ({ name: row.name, subKind: row.sub_kind as IntegrationKind, awsoidc: { roleArn: row.role_arn } }) satisfies IntegrationJson;
