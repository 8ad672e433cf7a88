import type { RoleResource } from './model';
import { renderRoleYaml } from './yaml';

/** A role as the console's Resource entity (spec §3): id, kind, name, content. */
export function presentRole(role: RoleResource) {
  return { id: `role:${role.metadata.name}`, kind: 'role', name: role.metadata.name, description: role.metadata.description ?? '', content: renderRoleYaml(role) };
}
