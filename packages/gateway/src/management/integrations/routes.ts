import { apiPaths } from '@portcullis/shared';
import { badRequest } from '../../platform/access/errors';
import { withOptional, withoutOptional } from '../../platform/access/templates';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { describeRdsDatabases } from './aws/rds';
import { assumeRoleWithWebIdentity, roleSessionName, webIdentityToken } from './aws/webIdentity';
import { presentIntegration } from './presenter';
import { createIntegrationBody, integrationListQuery, integrationParams, rdsDatabasesBody, updateIntegrationBody } from './schemas';
import type { IntegrationService } from './service';

/** /integrations: CRUD on integrations, and listing RDS databases through an AWS OIDC integration (the verb use). */
export function integrationRoutes(gw: Gateway, integrations: IntegrationService, fetcher: typeof fetch = fetch) {
  const list = withoutOptional(apiPaths.integrations);
  const one = withOptional(apiPaths.integrations);

  gw.route('GET', list, {
    access: { resource: 'integration', verb: 'list' },
    params: clusterParams,
    query: integrationListQuery,
    handler: async ({ query }) => {
      const page = await integrations.list(query.limit, query.startKey);
      return { items: page.items.map(presentIntegration), ...(page.nextKey && { nextKey: page.nextKey }) };
    },
  });

  gw.route('GET', one, {
    access: { resource: 'integration', verb: 'read' },
    params: integrationParams,
    handler: async ({ params }) => presentIntegration(await integrations.get(params.name)),
  });

  gw.route('POST', list, {
    access: { resource: 'integration', verb: 'create' },
    params: clusterParams,
    body: createIntegrationBody,
    handler: async ({ identity, body }) => presentIntegration(await integrations.create(identity!.user.name, body)),
  });

  gw.route('PUT', one, {
    access: { resource: 'integration', verb: 'update' },
    params: integrationParams,
    body: updateIntegrationBody,
    handler: async ({ identity, params, body }) => presentIntegration(await integrations.updateRole(identity!.user.name, params.name, body.awsoidc.roleArn)),
  });

  gw.route('DELETE', one, {
    access: { resource: 'integration', verb: 'delete' },
    params: integrationParams,
    handler: async ({ identity, params }) => {
      await integrations.remove(identity!.user.name, params.name);
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.awsOidcDatabases, {
    access: { resource: 'integration', verb: 'use' },
    params: integrationParams,
    body: rdsDatabasesBody,
    handler: async ({ identity, params, body }) => {
      const integration = await integrations.get(params.name);
      if (integration.sub_kind !== 'aws-oidc') throw badRequest(`integration ${params.name} is not an AWS OIDC integration`);
      const now = gw.now();
      const token = await webIdentityToken(await gw.issuerKeys(), gw.publicUrl(), integration.name, now);
      const creds = await assumeRoleWithWebIdentity(gw.config.integrations.awsStsUrl, { roleArn: integration.role_arn, sessionName: roleSessionName(identity!.user.name), token }, fetcher);
      return describeRdsDatabases(gw.config.integrations.awsRdsUrl, body, creds, fetcher);
    },
  });
}
