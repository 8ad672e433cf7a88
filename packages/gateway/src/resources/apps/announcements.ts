import { randomUUID } from 'node:crypto';
import { appProblem } from '../../agent/tunnel/apps';
import type { Announcements } from '../connectors/agent/registry';
import { defaultPublicAddr } from './address';
import type { AppRepo } from './repo';

/**
 * Apps agents announce, listed while the agent heartbeats. An agent announcing the same name again gets the
 * same app back. An announcement that cannot be served (no URI, a bad name or address) refuses the agent's
 * registration with the reason, which the agent logs.
 */
export function appAnnouncements(apps: AppRepo, publicUrl: () => string): Announcements {
  return {
    async announce(agentId, resource, expiresAt, now) {
      const app = resource.app;
      if (!app) throw new Error(`app ${resource.name} was announced without its URI`);
      const problem = appProblem(resource.name, app);
      if (problem) throw new Error(problem);
      const id = (await apps.idServedBy(agentId, resource.name)) ?? randomUUID();
      await apps.upsert(
        {
          id,
          name: resource.name,
          uri: app.uri,
          publicAddr: app.publicAddr ?? defaultPublicAddr(resource.name, publicUrl()),
          description: app.description ?? '',
          labels: resource.labels,
          agentId,
          expiresAt,
        },
        now,
      );
      return id;
    },
    keepUntil: (agentId, expiresAt, now) => apps.touchServedBy(agentId, expiresAt, now),
  };
}
