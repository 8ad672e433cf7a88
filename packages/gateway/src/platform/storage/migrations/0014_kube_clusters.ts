import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Kubernetes clusters agents announce (--kube), listed with their labels as rows (like desktops) so predicates
 * and roles' kubernetes_labels filter in SQL. They leave the list when the agent's heartbeats stop.
 */
export function kubeClustersMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kube_clusters')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('agent_id', 'text', (c) => c.notNull())
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('kube_clusters_name_id').on('kube_clusters').columns(['name', 'id']).execute();
      await db.schema.createIndex('kube_clusters_agent_id').on('kube_clusters').columns(['agent_id', 'name']).execute();
      await db.schema
        .createTable('kube_cluster_labels')
        .addColumn('kube_cluster_id', 'text', (c) => c.notNull().references('kube_clusters.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('kube_cluster_labels_pk', ['kube_cluster_id', 'name'])
        .execute();
      await db.schema.createIndex('kube_cluster_labels_name_value').on('kube_cluster_labels').columns(['name', 'value', 'kube_cluster_id']).execute();
    },
  };
}
