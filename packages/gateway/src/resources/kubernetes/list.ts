import type { RoleSet } from '../../management/roles/roleset';
import { listLabelled } from '../lists/labelledList';
import type { ResourceListQuery } from '../lists/listQuery';
import type { ListTable } from '../lists/sql';
import type { KubeClusterRepo } from './repo';

/** How clusters are stored, for the list's predicates, keywords and role selectors (kubernetes_labels). */
export const kubeClusterTable: ListTable = {
  table: 'kube_clusters',
  labels: { table: 'kube_cluster_labels', key: 'kube_cluster_id' },
  searchColumn: 'search_text',
  fields: { name: 'name' },
};

/** One page of the clusters a user may see. */
export const listKubeClusters = (repo: KubeClusterRepo, roles: RoleSet, q: ResourceListQuery, now: number) =>
  listLabelled(repo, { table: kubeClusterTable, selector: 'kubernetes_labels', kind: 'kubernetes', sorts: { name: { column: 'name', value: (c) => c.name } } }, roles, q, now);
