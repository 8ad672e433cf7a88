import type { IntegrationKind } from '@portcullis/shared';

/** How the console names each kind of integration, and what it is for (the enrol page's tiles say it). */
export const integrationKinds: Record<IntegrationKind, { title: string; description: string }> = {
  'aws-oidc': {
    title: 'AWS OIDC',
    description: 'Lets the gateway call AWS APIs as an IAM role, without keys',
  },
};

export const isIntegrationKind = (value: string | undefined): value is IntegrationKind =>
  value !== undefined && Object.hasOwn(integrationKinds, value);
