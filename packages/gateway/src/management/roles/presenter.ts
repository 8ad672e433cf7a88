import type { ResourceJson } from '@portcullis/shared';
import type { RoleResource } from './model';
import { renderRoleYaml } from './yaml';

/** A role as an editable YAML document (shared's ResourceJson); the console derives the id from kind and name. */
export function presentRole(role: RoleResource) {
  return { kind: 'role', name: role.metadata.name, content: renderRoleYaml(role) } satisfies ResourceJson;
}
