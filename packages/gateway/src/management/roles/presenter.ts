import type { ResourceJson } from '@portcullis/shared';
import type { RoleDocument } from './service';
import { renderRoleYaml } from './yaml';

/**
 * A role as an editable YAML document (shared's ResourceJson): as it was written when someone wrote it, else as
 * the gateway renders it. The console derives the id from kind and name.
 */
export function presentRole({ role, source }: RoleDocument) {
  return { kind: 'role', name: role.metadata.name, content: source ?? renderRoleYaml(role) } satisfies ResourceJson;
}
