/** Row shape of the integrations table (part of storage's Tables). */
export interface IntegrationRow {
  name: string;
  /** The kind of integration: 'aws-oidc'. */
  sub_kind: string;
  /** The IAM role an AWS OIDC integration assumes. */
  role_arn: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface IntegrationTables {
  integrations: IntegrationRow;
}
