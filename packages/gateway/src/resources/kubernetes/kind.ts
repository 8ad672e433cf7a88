import type { Identity } from '../../platform/access/identity';
import type { Resource, ResourceKind } from '../core/resource';
import { grantedOn } from './impersonation';
import type { KubeClusterRecord, KubeClusterRepo } from './repo';

/** The resource kind's name, as agents announce clusters and tunnel streams name them. */
export const kubeClusterKind = 'kube_cluster';

export const kubeClusterResource = (c: KubeClusterRecord): Resource => ({ kind: kubeClusterKind, id: c.id, name: c.name, addr: '', labels: c.labels, agentId: c.agentId });

/** Why the user may not see or reach the cluster at all (its labels), or undefined when some role's kubernetes_labels match it and no deny does. */
export function kubeListRefusal(identity: Identity, c: Pick<KubeClusterRecord, 'id' | 'name' | 'labels'>): string | undefined {
  return identity.roles.canAccess('kubernetes', c.labels, undefined, c.id) ? undefined : `your roles' kubernetes_labels do not match Kubernetes cluster ${c.name}`;
}

/**
 * Why the user may not open a session on the cluster as Kubernetes user `kubeUser`, or undefined when a role
 * selecting the cluster grants that user (or grants groups only, and `kubeUser` is the caller's own name).
 */
export function kubeRefusal(identity: Identity, c: Pick<KubeClusterRecord, 'id' | 'name' | 'labels'>, kubeUser: string): string | undefined {
  const unreachable = kubeListRefusal(identity, c);
  if (unreachable) return unreachable;
  const { users, groups } = grantedOn(identity, c);
  if (users.includes(kubeUser) || (!users.length && groups.length && kubeUser === identity.user.name)) return undefined;
  return `your roles do not grant the Kubernetes user "${kubeUser}" on cluster ${c.name} (kubernetes_users)`;
}

/** Kubernetes clusters: a terminal on a pod (exec and attach with a TTY) is a session of kind k8s, recorded and joinable. */
export function kubeKind(clusters: KubeClusterRepo, now: () => number): ResourceKind {
  return {
    name: kubeClusterKind,
    sessionKind: 'k8s',
    async find(id) {
      const cluster = await clusters.get(id, now());
      return cluster && kubeClusterResource(cluster);
    },
    refusal: (identity, resource, login) => kubeRefusal(identity, resource, login),
    // kubernetes_cluster is what marks a recording as a Kubernetes one (recordingType k8s).
    auditFields: (resource) => ({ kubernetes_cluster: resource.name, server_id: resource.id, server_hostname: resource.name }),
  };
}
