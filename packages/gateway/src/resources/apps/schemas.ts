import { z } from 'zod';
import { clusterParams } from '../../platform/clusters/schemas';

/** The resource-list query of wire-notes: limit (max 1000), startKey, sort field:dir, query, search. */
export const appListQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit may be at most 1000').default(50),
  startKey: z.string().max(2000).optional(),
  sort: z
    .string()
    .regex(/^(name|uri|publicAddr):(asc|desc)$/, 'sort must be name, uri or publicAddr, then :asc or :desc')
    .optional(),
  query: z.string().max(2000).optional(),
  search: z.string().max(500).optional(),
  // Apps cannot be requested yet, so searching as requestable roles lists what the user's own roles reach.
  searchAsRoles: z.enum(['yes', 'no', '']).optional(),
});
export type AppListQuery = z.infer<typeof appListQuery>;

const fqdn = z.string().min(1).max(253);
const publicAddr = z.string().min(1).max(260);

/** The launcher's lookup, in each form of /apps/{fqdn}/{clusterId?}/{publicAddr?}. */
export const appDetailsParams = z.object({ fqdn }).strict();
export const appDetailsClusterParams = clusterParams.extend({ fqdn }).strict();
export const appDetailsAddrParams = clusterParams.extend({ fqdn, publicAddr }).strict();

/** The TCP app socket: the app by name in a cluster; the bearer travels as access_token. */
export const appTcpParams = clusterParams.extend({ appName: z.string().min(1).max(63) }).strict();
export const appTcpQuery = z.object({ access_token: z.string().min(1) });
