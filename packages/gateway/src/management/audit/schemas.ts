import { z } from 'zod';
import { decodeCursor } from './cursor';

/** The server's default page, and the most one request may ask for. */
export const defaultEventLimit = 500;
export const maxEventLimit = 10_000;

const time = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 time such as 2026-01-31T12:00:00Z' }).transform((t) => Date.parse(t));

const cursor = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const key = decodeCursor(value);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'is not a start key this server returned' });
      return z.NEVER;
    }
    return key;
  });

const limit = z.coerce
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .default(defaultEventLimit)
  // Larger asks are served the cap, with a startKey to continue.
  .transform((n) => Math.min(n, maxEventLimit));

const include = z
  .string()
  .optional()
  .transform((s) => (s ? s.split(',').map((t) => t.trim()).filter(Boolean) : undefined));

export const eventSearchQuery = z
  .object({
    from: time.optional(),
    to: time.optional(),
    limit,
    startKey: cursor,
    include,
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict();

export const sessionEventSearchQuery = z
  .object({ start: time.optional(), end: time.optional(), limit, startKey: cursor, order: z.enum(['asc', 'desc']).default('desc') })
  .strict();
