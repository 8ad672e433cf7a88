import type { Traits } from '../../platform/storage/repos/users';

/** The trait variables a role may use, e.g. `{{internal.logins}}`, and the user trait each one reads. */
const variables: Record<string, keyof Traits> = {
  logins: 'logins',
  db_users: 'databaseUsers',
  db_names: 'databaseNames',
  kubernetes_users: 'kubeUsers',
  kubernetes_groups: 'kubeGroups',
  windows_logins: 'windowsLogins',
  aws_role_arns: 'awsRoleArns',
};

const pattern = /\{\{\s*(internal|external)\.([a-z_]+)\s*\}\}/;

/**
 * Expands trait variables in a list: "{{internal.logins}}" becomes every login of the user, and text around a
 * variable is kept ("dev-{{internal.logins}}"). A variable naming no known trait, or an empty trait, expands to
 * nothing, so it can never grant more than the user holds.
 */
export function interpolate(values: string[] | undefined, traits: Traits): string[] {
  if (!values) return [];
  const out = values.flatMap((value) => {
    const m = pattern.exec(value);
    if (!m) return [value];
    const trait = variables[m[2] as string];
    if (!trait) return [];
    return traits[trait].map((t) => value.replace(pattern, t));
  });
  return [...new Set(out)];
}
