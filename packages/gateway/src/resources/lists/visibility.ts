import { sql, type RawBuilder } from 'kysely';
import type { LabelSelector } from '../../management/roles/model';
import type { RoleSet } from '../../management/roles/roleset';
import { labelExists, likeLiteral, type ListTable } from './sql';

/**
 * Which resources of a kind a user may see, as SQL, from the label selector their roles hold for the kind
 * (node_labels for nodes). A role's selector becomes a condition the database evaluates; RoleSet.canAccess
 * stays the authority, and the list applies it to every row whenever `exact` is false (a regular-expression
 * value, or a deny rule that can hide rows).
 */
export interface Visibility {
  condition: RawBuilder<boolean>;
  exact: boolean;
}

const none = sql<boolean>`(1 = 0)`;
const all = sql<boolean>`(1 = 1)`;

/** A selector value in SQL: '*' any value, a glob with '*' as LIKE, ^regex$ not expressible (undefined). */
function valueCondition(value: string): RawBuilder<unknown> | null | undefined {
  if (value === '*') return null;
  if (value.startsWith('^') && value.endsWith('$')) return undefined;
  if (!value.includes('*')) return sql`l.value = ${value}`;
  return sql`l.value like ${value.split('*').map(likeLiteral).join('%')} escape '\\'`;
}

function selectorCondition(t: ListTable, selector: LabelSelector | undefined): RawBuilder<boolean> | undefined {
  const entries = Object.entries(selector ?? {});
  if (entries.length === 0) return none;
  const parts: RawBuilder<boolean>[] = [];
  for (const [key, wanted] of entries) {
    const values = Array.isArray(wanted) ? wanted : [wanted];
    if (key === '*') {
      parts.push(values.includes('*') ? all : none);
      continue;
    }
    const conditions = values.map(valueCondition);
    if (conditions.some((c) => c === undefined)) return undefined;
    parts.push(
      conditions.includes(null)
        ? labelExists(t, key)
        : labelExists(t, key, sql`(${sql.join(conditions as RawBuilder<unknown>[], sql` or `)})`),
    );
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The role field holding a kind's label selector. */
export type SelectorField = 'node_labels' | 'app_labels' | 'db_labels' | 'kubernetes_labels' | 'windows_desktop_labels';

/**
 * A role from an assumed resource request: its selector, on the resources it was granted for only. Undefined
 * (not expressible) when the selector is not, so the rows are then checked with canAccess.
 */
function restrictedCondition(t: ListTable, field: SelectorField, grant: RoleSet['restricted'][number]): RawBuilder<boolean> | undefined {
  const selector = selectorCondition(t, grant.role.spec.allow[field]);
  if (selector === undefined || grant.resourceIds.length === 0) return selector && none;
  return sql<boolean>`(${selector} and ${sql.ref(`${t.table}.id`)} in (${sql.join(grant.resourceIds)}))`;
}

export function visibility(roles: RoleSet, field: SelectorField, t: ListTable): Visibility {
  const allows = [
    ...roles.roles.map((r) => selectorCondition(t, r.spec.allow[field])),
    ...roles.restricted.map((g) => restrictedCondition(t, field, g)),
  ];
  const denyCanHide = [...roles.roles, ...roles.restricted.map((g) => g.role)].some((r) => Object.keys(r.spec.deny[field] ?? {}).length > 0);
  if (allows.some((c) => c === undefined)) return { condition: all, exact: false };
  const condition = allows.length ? sql<boolean>`(${sql.join(allows as RawBuilder<boolean>[], sql` or `)})` : none;
  return { condition, exact: !denyCanHide };
}
