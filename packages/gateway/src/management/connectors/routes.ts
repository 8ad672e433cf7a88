import { apiPaths } from '@portcullis/shared';
import { withOptional, withoutOptional } from '../../platform/access/templates';
import type { Gateway } from '../../platform/server/context';
import type { ConnectorKind } from './model';
import { presentConnector } from './presenter';
import { connectorContentBody, connectorNameParams } from './schemas';
import type { ConnectorService } from './service';

const paths = { github: apiPaths.githubConnectors, oidc: apiPaths.oidcConnectors, saml: apiPaths.samlConnectors } as const satisfies Record<ConnectorKind, string>;

/**
 * /github, /oidc/connectors and /saml/connectors: GET the list or one by name, POST a new one, PUT one by name,
 * DELETE one by name; bodies are {content}. Every one is an auth_connector rule's.
 */
export function connectorRoutes(gw: Gateway, connectors: ConnectorService) {
  for (const [kind, path] of Object.entries(paths) as [ConnectorKind, string][]) {
    const list = withoutOptional(path);
    const one = withOptional(path);

    gw.route('GET', list, {
      access: { resource: 'auth_connector', verb: 'list' },
      handler: async () => (await connectors.list(kind)).map(presentConnector),
    });

    gw.route('GET', one, {
      access: { resource: 'auth_connector', verb: 'read' },
      params: connectorNameParams,
      handler: async ({ params }) => presentConnector(await connectors.get(kind, params.name)),
    });

    gw.route('POST', list, {
      access: { resource: 'auth_connector', verb: 'create' },
      body: connectorContentBody,
      handler: async ({ identity, body }) => presentConnector(await connectors.create(identity!.user.name, kind, body.content)),
    });

    gw.route('PUT', one, {
      access: { resource: 'auth_connector', verb: 'update' },
      params: connectorNameParams,
      body: connectorContentBody,
      handler: async ({ identity, params, body }) => presentConnector(await connectors.update(identity!.user.name, kind, params.name, body.content)),
    });

    gw.route('DELETE', one, {
      access: { resource: 'auth_connector', verb: 'delete' },
      params: connectorNameParams,
      handler: async ({ identity, params }) => {
        await connectors.remove(identity!.user.name, kind, params.name);
        return { message: 'ok' };
      },
    });
  }
}
