import { z } from 'zod';
import { resourceListQuery } from '../lists/listQuery';
import { clusterParams } from '../../platform/clusters/schemas';

export const desktopListQuery = resourceListQuery(['name']);

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
