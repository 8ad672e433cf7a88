import { z } from 'zod';
import { resourceListQuery } from '../lists/listQuery';
import { clusterParams } from '../../platform/clusters/schemas';
import { databaseProblem, databaseTarget } from '../../agent/tunnel/databases';

export const databaseListQuery = resourceListQuery(['name', 'protocol', 'type']);

export const databaseParams = clusterParams.extend({ database: z.string().min(1).max(63) }).strict();

const label = z.object({ name: z.string().min(1).max(63), value: z.string().max(255) });

/**
 * A database enrolled from the console: served by any agent whose database service matches its labels. Its URI
 * may not hold a password: the person enrolling it would hand it to everyone who can read the list; the agent
 * logs in with what it holds.
 */
export const databaseBody = z
  .object({
    name: z.string().min(1, 'name is required').max(63),
    uri: z.string().min(1, 'uri is required').max(2048),
    description: z.string().max(1024).default(''),
    labels: z.array(label).max(64).default([]),
    // The protocol follows from the URI's scheme; when given it must agree (the console's form sends it).
    protocol: z.enum(['postgres', 'mysql', 'redis']).optional(),
    // Where it is hosted, as the console titles it: an RDS database enrolled through an AWS OIDC integration.
    type: z.enum(['self-hosted', 'rds']).default('self-hosted'),
  })
  .superRefine((body, ctx) => {
    const problem = databaseProblem(body.name, body.uri);
    if (problem) return ctx.addIssue({ code: 'custom', message: problem });
    const target = databaseTarget(body.uri);
    if (target.password !== undefined) ctx.addIssue({ code: 'custom', path: ['uri'], message: 'the URI may not hold a password: agents log in with credentials of their own' });
    if (body.protocol && body.protocol !== target.protocol) ctx.addIssue({ code: 'custom', path: ['protocol'], message: `protocol ${body.protocol} does not match the URI, which speaks ${target.protocol}` });
    const names = body.labels.map((l) => l.name);
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['labels'], message: 'each label name may appear once' });
  });
export type DatabaseBody = z.infer<typeof databaseBody>;

/** The database sockets: the database by name, the database user and name asked for; the bearer travels as access_token. */
export const databaseSocketQuery = z.object({
  access_token: z.string().min(1),
  db_user: z.string().max(255).optional(),
  db_name: z.string().max(255).optional(),
});

export const statementsParams = clusterParams.extend({ sid: z.string().min(1).max(64) }).strict();
export const statementsQuery = z.object({ startKey: z.string().max(200).optional() });
