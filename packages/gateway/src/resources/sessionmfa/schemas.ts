import { z } from 'zod';
import { siteParams } from '../nodes/schemas';

export const mfaRequiredParams = siteParams;

/** POST /sites/{id}/mfa/required: the node (its id or hostname) and the login a session would open there. */
export const mfaRequiredBody = z
  .object({
    node: z.object(
      {
        node_name: z.string().min(1, 'node_name (the node’s id or hostname) is required').max(253),
        login: z.string().min(1, 'login is required').max(64),
      },
      { error: 'node: {node_name, login} is required (nodes are the only resources sessions open on here)' },
    ),
  })
  .strict();
