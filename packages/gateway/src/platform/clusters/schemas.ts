import { z } from 'zod';

export const clusterParams = z.object({ clusterId: z.string().min(1).max(253) }).strict();
