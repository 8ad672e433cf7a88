import { z } from 'zod';

/**
 * A query parameter carrying URI-encoded JSON (the `params` of the terminal and command websockets), parsed
 * and checked against `schema`; every problem is named in the 400.
 */
export function jsonQueryParam<T extends z.ZodType>(schema: T) {
  return z.string().transform((text, ctx): z.output<T> => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'params must be URI-encoded JSON' });
      return z.NEVER;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      return z.NEVER;
    }
    return parsed.data;
  });
}
