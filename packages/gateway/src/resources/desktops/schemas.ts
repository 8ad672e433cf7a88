import { z } from 'zod';
import { clusterParams } from '../../platform/clusters/schemas';

/** The resource-list query of wire-notes: limit (max 1000), startKey, sort name:dir, query, search. */
export const desktopListQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit may be at most 1000').default(50),
  startKey: z.string().max(2000).optional(),
  sort: z
    .string()
    .regex(/^name:(asc|desc)$/, 'sort must be name:asc or name:desc')
    .optional(),
  query: z.string().max(2000).optional(),
  search: z.string().max(500).optional(),
  // Desktops cannot be requested yet, so searching as requestable roles lists what the user's own roles reach.
  searchAsRoles: z.enum(['yes', 'no', '']).optional(),
});
export type DesktopListQuery = z.infer<typeof desktopListQuery>;

export const desktopParams = clusterParams.extend({ desktopName: z.string().min(1).max(63) }).strict();

/**
 * The connect socket: the login to open the session as and the browser's size; `sid` joins that live session as
 * an observer instead. The bearer travels as access_token.
 */
export const desktopSocketQuery = z.object({
  access_token: z.string().min(1),
  username: z.string().min(1, 'choose the login to connect as (username)').max(255),
  width: z.coerce.number().int().min(1).max(8192),
  height: z.coerce.number().int().min(1).max(8192),
  sid: z.string().min(1).max(64).optional(),
});
export type DesktopSocketQuery = z.infer<typeof desktopSocketQuery>;
