import { randomUUID } from 'node:crypto';
import type { Announcements } from '../connectors/agent/registry';
import type { NodeRepo } from './repo';

/**
 * Nodes agents announce: the host an agent runs on (or any it serves), listed while the agent heartbeats. An
 * agent announcing the same hostname again gets the same node back.
 */
export function nodeAnnouncements(nodes: NodeRepo): Announcements {
  return {
    async announce(agentId, node, expiresAt, now) {
      const id = (await nodes.idServedBy(agentId, node.name)) ?? randomUUID();
      await nodes.upsert({ id, hostname: node.name, addr: node.addr, agentId, labels: node.labels, expiresAt }, now);
      return id;
    },
    keepUntil: (agentId, expiresAt, now) => nodes.touchServedBy(agentId, expiresAt, now),
  };
}
