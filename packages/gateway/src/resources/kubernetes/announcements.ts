import { randomUUID } from 'node:crypto';
import type { Announcements } from '../connectors/agent/registry';
import type { KubeClusterRepo } from './repo';

/**
 * Kubernetes clusters agents announce (--kube), listed while the agent heartbeats. An agent announcing the same
 * name again gets the same cluster back. Nothing but the name and labels arrives: the kubeconfig, with the
 * credentials the agent reaches the API server with, stays with the agent.
 */
export function kubeClusterAnnouncements(clusters: KubeClusterRepo): Announcements {
  return {
    async announce(agentId, resource, expiresAt, now) {
      const id = (await clusters.idServedBy(agentId, resource.name)) ?? randomUUID();
      await clusters.upsert({ id, name: resource.name, labels: resource.labels, agentId, expiresAt }, now);
      return id;
    },
    keepUntil: (agentId, expiresAt, now) => clusters.touchServedBy(agentId, expiresAt, now),
  };
}
