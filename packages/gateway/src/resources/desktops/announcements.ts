import { randomUUID } from 'node:crypto';
import { desktopAddr, desktopProblem, desktopTarget } from '../../agent/desktops/target';
import type { Announcements } from '../connectors/agent/registry';
import type { DesktopRepo } from './repo';
import type { DesktopServiceRepo } from './services';

/**
 * Desktops agents announce (--desktop), listed while the agent heartbeats. An agent announcing the same name
 * again gets the same desktop back. An announcement that cannot be served refuses the agent's registration with
 * the reason, which the agent logs. The URI arrives without its password, which the agent keeps.
 */
export function desktopAnnouncements(desktops: DesktopRepo): Announcements {
  return {
    async announce(agentId, resource, expiresAt, now) {
      const desktop = resource.desktop;
      if (!desktop) throw new Error(`desktop ${resource.name} was announced without its URI`);
      const problem = desktopProblem(resource.name, desktop.uri);
      if (problem) throw new Error(problem);
      const target = desktopTarget(desktop.uri);
      if (target.password !== undefined) throw new Error(`desktop ${resource.name} was announced with its password: the agent keeps it`);
      const id = (await desktops.idServedBy(agentId, resource.name)) ?? randomUUID();
      await desktops.upsert(
        { id, name: resource.name, os: desktop.os, uri: desktop.uri, addr: desktopAddr(target), labels: resource.labels, agentId, expiresAt },
        now,
      );
      return id;
    },
    keepUntil: (agentId, expiresAt, now) => desktops.touchServedBy(agentId, expiresAt, now),
  };
}

/** An agent serving desktops: listed among desktop services while it heartbeats, one per agent. */
export function desktopServiceAnnouncements(services: DesktopServiceRepo): Announcements {
  return {
    async announce(agentId, resource, expiresAt, now) {
      await services.upsert({ agentId, hostname: resource.name, addr: resource.addr, labels: resource.labels }, expiresAt, now);
      return agentId;
    },
    keepUntil: (agentId, expiresAt, now) => services.touch(agentId, expiresAt, now),
  };
}
