import { z } from 'zod';
import { jsonQueryParam } from '../../platform/access/jsonQueryParam';

/** The `params` of the command websocket: one command, one login, one node. */
export const execParams = z.object({
  command: z.string().min(1).max(64 * 1024),
  login: z.string().min(1).max(64),
  server_id: z.string().min(1),
});
export type ExecParams = z.infer<typeof execParams>;

export const execQuery = z.object({
  access_token: z.string().min(1),
  params: jsonQueryParam(execParams),
});
