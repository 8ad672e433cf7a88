import { LineCounter, parseDocument, stringify, isNode, type Document } from 'yaml';
import { roleSchema, type RoleResource } from './model';

export class RoleSyntaxError extends Error {}

/** The 1-based line of the YAML node at `path`, or of its nearest existing parent. */
function lineOf(doc: Document, counter: LineCounter, path: (string | number)[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

/**
 * Parses and validates a role written in YAML (or JSON, a subset). Errors name the field at fault and the
 * line it is on, so the console's editor can point at it.
 */
export function parseRoleYaml(content: string): RoleResource {
  const counter = new LineCounter();
  const doc = parseDocument(content, { lineCounter: counter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0]?.line ?? counter.linePos(syntax.pos[0]).line;
    throw new RoleSyntaxError(`line ${line}: ${syntax.message.split('\n')[0]}`);
  }
  const result = roleSchema.safeParse(doc.toJS());
  if (!result.success) {
    const problems = result.error.issues.slice(0, 5).map((issue) => {
      const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      // An unknown key is pointed at on its own line rather than its parent's.
      const at = issue.code === 'unrecognized_keys' && issue.keys[0] ? [...path, issue.keys[0]] : path;
      const line = lineOf(doc, counter, at);
      return `${line ? `line ${line}: ` : ''}${path.join('.') || 'role'}: ${issue.message}`;
    });
    throw new RoleSyntaxError(problems.join('; '));
  }
  return result.data;
}

export function renderRoleYaml(role: RoleResource): string {
  return stringify(role);
}
