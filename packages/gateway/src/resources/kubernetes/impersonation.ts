import type { Identity } from '../../platform/access/identity';
import type { KubeClusterRecord } from './repo';

/** Who the gateway asks the API server to treat a request as: one user and its groups (Impersonate-User, Impersonate-Group). */
export interface Impersonation {
  user: string;
  groups: string[];
}

/** What the caller asked to be (kubectl's --as and --as-group, the console's choice); nothing asked: the defaults. */
export interface ImpersonationAsked {
  user?: string;
  groups?: string[];
}

/** The Kubernetes users and groups the caller's roles grant on this cluster: those of the roles whose kubernetes_labels select it. */
export function grantedOn(identity: Identity, cluster: Pick<KubeClusterRecord, 'id' | 'labels'>): { users: string[]; groups: string[] } {
  const { roles } = identity;
  return {
    users: roles.principalsOn('kubernetes', cluster.labels, 'kubernetes_users', cluster.id),
    groups: roles.principalsOn('kubernetes', cluster.labels, 'kubernetes_groups', cluster.id),
  };
}

/**
 * Who a request to the cluster runs as, or why it may not run, in words the user can act on. Roles must select the
 * cluster and grant at least one Kubernetes user or group on it. The user is the one asked for, which a role must
 * grant; unasked, the only one granted, or the caller's own name when roles grant groups only (the API server then
 * knows them by name, with the groups' rights); several granted and none asked is ambiguous and refused. The groups
 * are those asked for, each granted, or unasked every granted group.
 */
export function impersonationFor(identity: Identity, cluster: Pick<KubeClusterRecord, 'id' | 'name' | 'labels'>, asked: ImpersonationAsked): Impersonation | { refusal: string } {
  if (!identity.roles.canAccess('kubernetes', cluster.labels, undefined, cluster.id)) {
    return { refusal: `your roles' kubernetes_labels do not match Kubernetes cluster ${cluster.name}` };
  }
  const { users, groups } = grantedOn(identity, cluster);
  if (!users.length && !groups.length) {
    return { refusal: `your roles grant no Kubernetes users or groups on cluster ${cluster.name} (kubernetes_users, kubernetes_groups)` };
  }
  let user: string;
  if (asked.user !== undefined) {
    if (!users.includes(asked.user)) return { refusal: `your roles do not grant the Kubernetes user "${asked.user}" on cluster ${cluster.name} (kubernetes_users: ${users.join(', ') || 'none'})` };
    user = asked.user;
  } else if (users.length > 1) {
    return { refusal: `your roles grant several Kubernetes users on cluster ${cluster.name} (${users.join(', ')}): choose one (kubectl --as)` };
  } else {
    user = users[0] ?? identity.user.name;
  }
  const refused = (asked.groups ?? []).filter((g) => !groups.includes(g));
  if (refused.length) return { refusal: `your roles do not grant the Kubernetes group "${refused[0]}" on cluster ${cluster.name} (kubernetes_groups: ${groups.join(', ') || 'none'})` };
  return { user, groups: asked.groups?.length ? [...asked.groups] : groups };
}
