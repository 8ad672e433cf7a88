import type { KubeJson } from '@portcullis/shared';
import type { Identity } from '../../platform/access/identity';
import { labelList } from '../lists/labels';
import { grantedOn } from './impersonation';
import type { KubeClusterRecord } from './repo';

/** A cluster as the console lists it, with the Kubernetes users and groups the caller's roles grant on it. */
export function presentKubeCluster(c: KubeClusterRecord, identity: Identity) {
  const { users, groups } = grantedOn(identity, c);
  return { name: c.name, labels: labelList(c.labels), kubernetes_users: users, kubernetes_groups: groups } satisfies KubeJson;
}
