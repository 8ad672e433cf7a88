import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { durationField } from '../../platform/config/duration';
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

/** The longest a database client certificate lives (and it never outlives the web session it was asked with). */
export const databaseCertificateMaxTtlMs = 3_600_000;

/** Key types a client certificate may be for: those libpq and redis-cli read, at strengths worth signing. */
function publicKeyProblem(key: KeyObject): string | undefined {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'ec') return ['prime256v1', 'secp384r1'].includes(details.namedCurve ?? '') ? undefined : `an EC key must be on P-256 or P-384, not ${details.namedCurve}`;
  if (key.asymmetricKeyType === 'rsa') return (details.modulusLength ?? 0) >= 2048 ? undefined : 'an RSA key must have at least 2048 bits';
  if (key.asymmetricKeyType === 'ed25519') return undefined;
  return `a ${key.asymmetricKeyType} key cannot be signed: use ECDSA P-256, RSA or Ed25519`;
}

/**
 * POST signDatabaseCertificate (shared's SignDatabaseCertificateRequest): publicKey becomes the key Node read,
 * ttl milliseconds. Only the public half is taken: a private key sent here would have left its owner.
 */
export const signDatabaseCertificateBody = z
  .object({
    database: z.string().min(1).max(63),
    publicKey: z
      .string()
      .max(16_384)
      .transform((pem, ctx) => {
        const fail = (message: string) => {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        };
        if (!/^-----BEGIN PUBLIC KEY-----/.test(pem.trim())) return fail('must be a public key in PEM (-----BEGIN PUBLIC KEY-----); the private key stays with you');
        let key: KeyObject;
        try {
          key = createPublicKey(pem);
        } catch (err) {
          return fail(`is not a public key the gateway can read: ${(err as Error).message}`);
        }
        const problem = publicKeyProblem(key);
        return problem ? fail(problem) : key;
      }),
    ttl: durationField
      .refine((ms) => ms > 0, 'must be longer than nothing')
      .refine((ms) => ms <= databaseCertificateMaxTtlMs, `a database certificate lives at most ${databaseCertificateMaxTtlMs / 60_000} minutes`)
      .optional(),
  })
  .strict();
