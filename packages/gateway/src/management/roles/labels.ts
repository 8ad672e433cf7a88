import type { LabelSelector } from './model';

function globToRegExp(glob: string): RegExp {
  // A value written as ^...$ is a regular expression; anything else is a glob where * matches any run.
  if (glob.startsWith('^') && glob.endsWith('$')) return new RegExp(glob);
  return new RegExp(`^${glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/**
 * Whether a resource's labels satisfy a selector: every key of the selector must be present with a value
 * matching one of the selector's values. `'*': '*'` matches every resource; an empty selector matches none.
 */
export function matchLabels(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const entries = Object.entries(selector);
  if (entries.length === 0) return false;
  return entries.every(([key, wanted]) => {
    const values = Array.isArray(wanted) ? wanted : [wanted];
    if (key === '*') return values.includes('*');
    const actual = labels[key];
    return actual !== undefined && values.some((v) => v === '*' || globToRegExp(v).test(actual));
  });
}
