import { sql, type RawBuilder } from 'kysely';
import { PredicateError, type Field, type Predicate } from './predicate';

/**
 * How a kind's list is stored, for compiling predicates, keywords and role selectors to SQL over it: its
 * table, the table holding one row per label, the column keyword search reads, and the fields a predicate
 * may name (a field name → its column).
 */
export interface ListTable {
  table: string;
  labels: { table: string; key: string };
  searchColumn: string;
  fields: Record<string, string>;
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Rows having a label (whose value meets the condition, written against `l.value`). An uncorrelated IN lets the
 * database answer it once from the label table's (name, value, key) index instead of probing per row.
 */
export const labelExists = (t: ListTable, name: string, valueCondition?: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${t.table}.id`)} in (select ${sql.ref(`l.${t.labels.key}`)} from ${sql.table(t.labels.table)} l where l.name = ${name}${valueCondition ? sql` and ${valueCondition}` : sql``})`;

/** Every keyword must appear in the row's search text (its name, address, labels' names and values), any case. */
export function keywordCondition(t: ListTable, words: string[]): RawBuilder<boolean> {
  const parts = words.map((w) => sql`${sql.ref(`${t.table}.${t.searchColumn}`)} like ${`%${likeLiteral(w.toLowerCase())}%`} escape '\\'`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function column(t: ListTable, field: Extract<Field, { kind: 'field' }>): RawBuilder<unknown> {
  const name = t.fields[field.name];
  if (!name) throw new PredicateError(`unknown field ${field.name} (use ${Object.keys(t.fields).join(', ')} or labels.NAME)`);
  return sql.ref(`${t.table}.${name}`);
}

/** Compiles a parsed predicate to a condition over the kind's table; an unknown field is a PredicateError. */
export function compilePredicate(t: ListTable, node: Predicate): RawBuilder<boolean> {
  const compile = (n: Predicate) => compilePredicate(t, n);
  switch (node.op) {
    case 'and':
      return sql<boolean>`(${compile(node.left)} and ${compile(node.right)})`;
    case 'or':
      return sql<boolean>`(${compile(node.left)} or ${compile(node.right)})`;
    case 'not':
      return sql<boolean>`(not ${compile(node.inner)})`;
    case 'search':
      return keywordCondition(t, node.words);
    case 'exists':
      return node.field.kind === 'label' ? labelExists(t, node.field.name) : sql<boolean>`(${column(t, node.field)} <> '')`;
    case 'eq':
    case 'neq': {
      const cond = node.field.kind === 'label' ? labelExists(t, node.field.name, sql`l.value = ${node.value}`) : sql<boolean>`(${column(t, node.field)} = ${node.value})`;
      return node.op === 'eq' ? cond : sql<boolean>`(not ${cond})`;
    }
    case 'prefix': {
      const like = `${likeLiteral(node.value)}%`;
      return node.field.kind === 'label' ? labelExists(t, node.field.name, sql`l.value like ${like} escape '\\'`) : sql<boolean>`(${column(t, node.field)} like ${like} escape '\\')`;
    }
  }
}
