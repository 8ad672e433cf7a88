import type { z } from 'zod';
import { badRequest } from '../../platform/access/errors';
import { describeIssues } from '../../platform/access/issues';

/** `value` checked against `schema`; otherwise a 400 naming each field at fault, under `where` (body, query). */
export function validate<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(describeIssues(where, parsed.error));
  return parsed.data;
}
