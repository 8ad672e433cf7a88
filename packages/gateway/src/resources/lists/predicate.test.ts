import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { parsePredicate, PredicateError } from './predicate';
import { compilePredicate, type ListTable } from './sql';

describe('the list predicate language', () => {
  it('parses into a tree that names fields and labels, whatever the kind', () => {
    expect(parsePredicate('labels.env == "prod" && !(name == "a" || hasPrefix(labels["team/x"], "b")) || search("x", "y")')).toEqual({
      op: 'or',
      left: {
        op: 'and',
        left: { op: 'eq', field: { kind: 'label', name: 'env' }, value: 'prod' },
        right: {
          op: 'not',
          inner: {
            op: 'or',
            left: { op: 'eq', field: { kind: 'field', name: 'name' }, value: 'a' },
            right: { op: 'prefix', field: { kind: 'label', name: 'team/x' }, value: 'b' },
          },
        },
      },
      right: { op: 'search', words: ['x', 'y'] },
    });
  });

  it.each([
    ['env == prod', 'expected a quoted string at 7'],
    ['exists(labels.a', 'expected ")" at end of query'],
    ['frob(x)', 'unknown function frob() (known: exists, hasPrefix, search)'],
    ['"open', 'unterminated string at 0'],
  ])('refuses %s with where and why', (query, message) => {
    expect(() => parsePredicate(query)).toThrow(new PredicateError(message));
  });

  it("compiles against each kind's own table and fields, and names the fields a kind has", () => {
    const db = new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const apps: ListTable = { table: 'apps', labels: { table: 'app_labels', key: 'app_id' }, searchColumn: 'search_text', fields: { name: 'name', uri: 'uri' } };
    const compiled = compilePredicate(apps, parsePredicate('uri == "http://x" && labels.env == "dev"')).compile(db);
    expect(compiled.sql).toBe(`(("apps"."uri" = ?) and "apps"."id" in (select "l"."app_id" from "app_labels" l where l.name = ? and l.value = ?))`);
    expect(compiled.parameters).toEqual(['http://x', 'env', 'dev']);
    expect(() => compilePredicate(apps, parsePredicate('hostname == "a"'))).toThrow(new PredicateError('unknown field hostname (use name, uri or labels.NAME)'));
  });
});
