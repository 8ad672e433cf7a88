import { apiPaths } from '@portcullis/shared';
import { yamlResourceRoutes } from '../../platform/access/yamlResourceRoutes';
import type { Gateway } from '../../platform/server/context';
import type { ConnectorKind } from './model';
import { presentConnector } from './presenter';
import { connectorContentBody, connectorNameParams } from './schemas';
import type { ConnectorService } from './service';

const paths = { github: apiPaths.githubConnectors, oidc: apiPaths.oidcConnectors, saml: apiPaths.samlConnectors } as const satisfies Record<ConnectorKind, string>;

/** /github, /oidc/connectors and /saml/connectors: each kind's connectors as YAML resources, all an auth_connector rule's. */
export function connectorRoutes(gw: Gateway, connectors: ConnectorService) {
  for (const [kind, path] of Object.entries(paths) as [ConnectorKind, string][]) {
    yamlResourceRoutes(gw, {
      path,
      rule: 'auth_connector',
      resources: {
        list: () => connectors.list(kind),
        get: (name) => connectors.get(kind, name),
        create: (user, content) => connectors.create(user, kind, content),
        update: (user, name, content) => connectors.update(user, kind, name, content),
        remove: (user, name) => connectors.remove(user, kind, name),
      },
      present: presentConnector,
      body: connectorContentBody,
      params: connectorNameParams,
    });
  }
}
