import { z } from 'zod';

export const siteParams = z.object({ clusterId: z.string().min(1) });
export const nodeParams = siteParams.extend({ serverId: z.string().min(1).max(128) });

/** The resource-list query of wire-notes: limit (max 1000), startKey, sort field:dir, query, search. */
export const nodeListQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit may be at most 1000').default(50),
  startKey: z.string().max(2000).optional(),
  sort: z
    .string()
    .regex(/^(hostname|name|addr):(asc|desc)$/, 'sort must be hostname:asc|desc or addr:asc|desc')
    .optional(),
  query: z.string().max(2000).optional(),
  search: z.string().max(500).optional(),
  searchAsRoles: z.enum(['yes', 'no', '']).optional(),
});
export type NodeListQuery = z.infer<typeof nodeListQuery>;

const labelName = z.string().regex(/^[A-Za-z0-9_./-]{1,63}$/, 'label names are 1-63 letters, digits, . _ / -');

/** Registering an existing OpenSSH server (agentless) as a node. */
export const addNodeBody = z
  .object({
    hostname: z.string().min(1).max(253),
    addr: z.string().regex(/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'addr must be host or host:port'),
    labels: z.record(labelName, z.string().max(256)).default({}),
  })
  .strict();
export type AddNodeBody = z.infer<typeof addNodeBody>;
