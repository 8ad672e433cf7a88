/** What a require_session_join filter can see of a joining user. */
export interface FilterUser {
  name: string;
  roles: string[];
}

export type UserFilter = (user: FilterUser) => boolean;

/** One term: contains(user.spec.roles, "role") or equals(user.metadata.name, "name"), quotes single or double. */
const term = /^(contains|equals)\(\s*([a-z.]+)\s*,\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*\)$/;

const fields = { contains: 'user.spec.roles', equals: 'user.metadata.name' } as const;

/**
 * Parses a policy's filter into a predicate, or says why it cannot. Only the two terms above joined by `||`
 * are understood: a filter this gateway cannot evaluate must be refused when the role is saved, never saved
 * and then read as "anyone" or "no one".
 */
export function parseUserFilter(expression: string): UserFilter | { error: string } {
  const terms = expression.split('||').map((t) => t.trim());
  const tests: UserFilter[] = [];
  for (const text of terms) {
    const match = term.exec(text);
    const fn = match?.[1] as keyof typeof fields | undefined;
    if (!match || !fn || match[2] !== fields[fn]) {
      return {
        error: `"${text || expression}" is not a filter this gateway can evaluate: use contains(user.spec.roles, "role") or equals(user.metadata.name, "name"), joined by ||`,
      };
    }
    const value = match[3] ?? match[4] ?? '';
    tests.push(fn === 'contains' ? (u) => u.roles.includes(value) : (u) => u.name === value);
  }
  return (user) => tests.some((t) => t(user));
}

export const isFilterError = (f: UserFilter | { error: string }): f is { error: string } => typeof f !== 'function';
