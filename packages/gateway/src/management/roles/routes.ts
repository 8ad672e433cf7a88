import { apiPaths } from '@portcullis/shared';
import { yamlResourceRoutes } from '../../platform/access/yamlResourceRoutes';
import type { Gateway } from '../../platform/server/context';
import { presentRole } from './presenter';
import { roleContentBody, roleNameParams } from './schemas';
import type { RoleService } from './service';

/** /roles: the roles as YAML resources. */
export function roleRoutes(gw: Gateway, roles: RoleService) {
  yamlResourceRoutes(gw, { path: apiPaths.roles, rule: 'role', resources: roles, present: presentRole, body: roleContentBody, params: roleNameParams });
}
