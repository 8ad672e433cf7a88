import { LineCounter, parseDocument, stringify, isMap, isNode, isScalar, isSeq, type Document } from 'yaml';
import type { z } from 'zod';
import { roleSchema, type RoleResource } from './model';

/** A resource written in YAML that does not parse or validate; the message names the line and field. */
export class YamlResourceError extends Error {}
export { YamlResourceError as RoleSyntaxError };

/**
 * The 1-based line of the field at `path`, or of its nearest existing parent. A field in a mapping is found
 * by its key, not its value: a block value starts on the line after its key, and the key is what the
 * message names.
 */
function lineOf(doc: Document, counter: LineCounter, path: (string | number)[]): number | undefined {
  for (let n = path.length; n > 0; n--) {
    const parent = doc.getIn(path.slice(0, n - 1), true);
    const field = path[n - 1];
    const node = isMap(parent)
      ? parent.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === String(field))?.key
      : isSeq(parent) && typeof field === 'number'
        ? parent.items[field]
        : undefined;
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return doc.contents?.range ? counter.linePos(doc.contents.range[0]).line : undefined;
}

/**
 * Parses and validates a resource written in YAML (or JSON, a subset) against `schema`. Errors name the field at
 * fault and the line it is on, so the console's editor can point at it; `noun` names the resource in them.
 */
export function parseYamlResource<S extends z.ZodType>(content: string, schema: S, noun: string): z.output<S> {
  const counter = new LineCounter();
  const doc = parseDocument(content, { lineCounter: counter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0]?.line ?? counter.linePos(syntax.pos[0]).line;
    throw new YamlResourceError(`line ${line}: ${syntax.message.split('\n')[0]}`);
  }
  const result = schema.safeParse(doc.toJS());
  if (!result.success) {
    const problems = result.error.issues.flatMap((issue) => {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      // Each unknown key is its own problem, named and pointed at like any other field.
      const faults =
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ at: [...path, key], message: `not a ${noun} field this gateway accepts (misspelt, or not supported yet)` }))
          : [{ at: path, message: issue.message }];
      return faults.map(({ at, message }) => {
        const line = lineOf(doc, counter, at);
        return `${line ? `line ${line}: ` : ''}${at.join('.') || noun}: ${message}`;
      });
    });
    throw new YamlResourceError(problems.slice(0, 5).join('; '));
  }
  return result.data;
}

/** Parses and validates a role written in YAML; see parseYamlResource. */
export function parseRoleYaml(content: string): RoleResource {
  return parseYamlResource(content, roleSchema, 'role');
}

export function renderRoleYaml(role: RoleResource): string {
  return stringify(role);
}
