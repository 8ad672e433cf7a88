import { z } from 'zod';

/** POST /sites/{id}/diagnostics/connections: which resource to try, and as whom. */
export const diagnosticBody = z.object({
  resource_kind: z.enum(['node', 'db', 'app', 'kube_cluster'], { message: 'resource_kind must be node, db, app or kube_cluster' }),
  resource_name: z.string().min(1, 'resource_name names the resource to test').max(253),
  ssh_principal: z.string().min(1).max(64).optional(),
  kubernetes_namespace: z.string().min(1).max(253).optional(),
  kubernetes_impersonation: z.object({ kubernetes_user: z.string().max(253).optional(), kubernetes_groups: z.array(z.string().max(253)).max(64).optional() }).optional(),
  database_name: z.string().max(255).optional(),
  database_user: z.string().min(1).max(255).optional(),
  mfa_response: z.unknown().optional(),
});
export type DiagnosticRequest = z.infer<typeof diagnosticBody>;
