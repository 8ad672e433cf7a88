import type { Kysely } from 'kysely';

/** An AWS console app's session remembers the role ARN it was launched as (null for every other app). */
export function appSessionAwsRoleMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('app_sessions').addColumn('aws_role_arn', 'text').execute();
    },
  };
}
