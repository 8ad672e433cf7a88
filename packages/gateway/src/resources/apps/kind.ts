import type { Identity } from '../../platform/access/identity';
import type { Resource, ResourceKind } from '../core/resource';
import type { AppRecord, AppRepo } from './repo';

/** An app as the session core sees it. Its address is the public one: the upstream's stays with the agent and the audit log. */
export const appResource = (app: AppRecord): Resource => ({
  kind: 'app',
  id: app.id,
  name: app.name,
  addr: app.publicAddr,
  labels: app.labels,
  agentId: app.agentId,
});

/**
 * Why the user may not reach the app, or undefined when they may: a role whose app_labels match it, and no deny
 * rule matching it (deny wins); RoleSet.canAccess decides. Apps take no login, so the principal is left out.
 */
export function appRefusal(identity: Identity, app: Pick<Resource, 'id' | 'name' | 'labels'>): string | undefined {
  return identity.roles.canAccess('app', app.labels, undefined, app.id) ? undefined : `your roles' app_labels do not match app ${app.name}`;
}

/** The fields naming an app in its session events. */
export const appAuditFields = (app: Pick<AppRecord, 'id' | 'name' | 'uri' | 'publicAddr'>): Record<string, string> => ({
  app_id: app.id,
  app_name: app.name,
  app_uri: app.uri,
  app_public_addr: app.publicAddr,
});

/** Applications: web and TCP apps agents serve; their sessions are app sessions. */
export function appKind(apps: AppRepo, now: () => number): ResourceKind {
  return {
    name: 'app',
    sessionKind: 'app',
    async find(id) {
      const app = await apps.get(id, now());
      return app && appResource(app);
    },
    refusal: (identity, resource) => appRefusal(identity, resource),
    auditFields: (resource) => ({ app_id: resource.id, app_name: resource.name, app_public_addr: resource.addr }),
  };
}
