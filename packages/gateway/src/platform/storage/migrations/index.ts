import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { coreMigration } from './0001_core';
import { serversMigration } from './0002_servers';
import { agentsMigration } from './0003_agents';
import { roleSourceMigration } from './0004_role_source';
import { mfaMigration } from './0005_mfa';
import { authConnectorsMigration } from './0006_auth_connectors';
import { ssoRequestsMigration } from './0007_sso_requests';
import { locksAndRequestsMigration } from './0008_locks_and_requests';
import { appsMigration } from './0009_apps';
import { appSessionsMigration } from './0010_app_sessions';
import { appSessionAwsRoleMigration } from './0011_app_session_aws_role';
import { databasesMigration } from './0012_databases';
import { desktopsMigration } from './0013_desktops';
import { kubeClustersMigration } from './0014_kube_clusters';
import { trustedClustersMigration } from './0015_trusted_clusters';
import { telemetryMigration } from './0016_telemetry';
import { integrationsMigration } from './0017_integrations';
import { assistMigration } from './0018_assist';
import { recordingSearchMigration } from './0019_recording_search';
import { recordingReviewsMigration } from './0020_recording_reviews';
import { gatewayPeersMigration } from './0021_gateway_peers';

/**
 * Every schema change, in order: the history of the one schema, kept here whichever domain a table belongs
 * to. Names sort lexically, so each carries a number. A domain declares its row types in its own tables.ts,
 * which storage's Tables joins, and reaches them through a repo that takes the Store.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_core': coreMigration(engine),
    '0002_servers': serversMigration(engine),
    '0003_agents': agentsMigration(engine),
    '0004_role_source': roleSourceMigration(),
    '0005_mfa': mfaMigration(engine),
    '0006_auth_connectors': authConnectorsMigration(engine),
    '0007_sso_requests': ssoRequestsMigration(engine),
    '0008_locks_and_requests': locksAndRequestsMigration(engine),
    '0009_apps': appsMigration(engine),
    '0010_app_sessions': appSessionsMigration(engine),
    '0011_app_session_aws_role': appSessionAwsRoleMigration(),
    '0012_databases': databasesMigration(engine),
    '0013_desktops': desktopsMigration(engine),
    '0014_kube_clusters': kubeClustersMigration(engine),
    '0015_trusted_clusters': trustedClustersMigration(engine),
    '0016_telemetry': telemetryMigration(engine),
    '0017_integrations': integrationsMigration(engine),
    '0018_assist': assistMigration(engine),
    '0019_recording_search': recordingSearchMigration(engine),
    '0020_recording_reviews': recordingReviewsMigration(engine),
    '0021_gateway_peers': gatewayPeersMigration(engine),
  };
}

export async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
