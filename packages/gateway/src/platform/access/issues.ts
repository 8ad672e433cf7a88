import type { z } from 'zod';

/** Names the first few problems, field by field, for the 400 the caller sees. */
export function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => {
      const path = [where, ...i.path.map(String)].join('.');
      return `${path}: ${i.message}`;
    })
    .join('; ');
}
