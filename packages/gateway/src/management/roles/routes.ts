import { apiPaths } from '@portcullis/shared';
import { withOptional, withoutOptional } from '../../platform/access/templates';
import type { Gateway } from '../../platform/server/context';
import { presentRole } from './presenter';
import { roleContentBody, roleNameParams } from './schemas';
import type { RoleService } from './service';

/** /roles: GET the list, POST a new one, PUT one by name, DELETE one by name; bodies are {content}. */
export function roleRoutes(gw: Gateway, roles: RoleService) {
  const list = withoutOptional(apiPaths.roles);
  const one = withOptional(apiPaths.roles);

  gw.route('GET', list, {
    access: { resource: 'role', verb: 'list' },
    handler: async () => (await roles.list()).map(presentRole),
  });

  gw.route('GET', one, {
    access: { resource: 'role', verb: 'read' },
    params: roleNameParams,
    handler: async ({ params }) => presentRole(await roles.get(params.name)),
  });

  gw.route('POST', list, {
    access: { resource: 'role', verb: 'create' },
    body: roleContentBody,
    handler: async ({ identity, body }) => presentRole(await roles.create(identity!.user.name, body.content)),
  });

  gw.route('PUT', one, {
    access: { resource: 'role', verb: 'update' },
    params: roleNameParams,
    body: roleContentBody,
    handler: async ({ identity, params, body }) => presentRole(await roles.update(identity!.user.name, params.name, body.content)),
  });

  gw.route('DELETE', one, {
    access: { resource: 'role', verb: 'delete' },
    params: roleNameParams,
    handler: async ({ identity, params }) => {
      await roles.remove(identity!.user.name, params.name);
      return { message: 'ok' };
    },
  });
}
