import { z } from 'zod';

function keptAsWritten<const K extends readonly string[]>(keys: K) {
  return Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])) as { [P in K[number]]: z.ZodOptional<z.ZodUnknown> };
}

/**
 * Fields of the usual role model for features this gateway does not have (X11, enhanced recording, host
 * and database user creation, cloud identities, the identity provider). A role written for a fuller
 * deployment may carry them; they grant nothing here, so they are accepted and kept exactly as written
 * rather than dropped on save. A restriction the gateway cannot honour yet (pin_source_ip, a rule's
 * `where`, ...) is deliberately absent: a role relying on it is refused with its line instead of being
 * saved as if it applied.
 */
export const unenforcedOptions = keptAsWritten([
  'cert_format',
  'permit_x11_forwarding',
  'enhanced_recording',
  'create_host_user',
  'create_host_user_mode',
  'create_host_user_default_shell',
  'create_db_user',
  'create_db_user_mode',
  'create_desktop_user',
  'max_kubernetes_connections',
  'idp',
]);

export const unenforcedConditions = keptAsWritten([
  'host_groups',
  'host_sudoers',
  'desktop_groups',
  'db_roles',
  'db_service_labels',
  'gcp_service_accounts',
  'azure_identities',
  'github_permissions',
  'account_assignments',
  'group_labels',
  'spiffe',
]);
