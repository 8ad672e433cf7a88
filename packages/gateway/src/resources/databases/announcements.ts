import { randomUUID } from 'node:crypto';
import { databaseProblem, databaseTarget } from '../../agent/tunnel/databases';
import type { Announcements } from '../connectors/agent/registry';
import type { DatabaseRepo } from './repo';
import type { DatabaseServiceRepo } from './services';

/**
 * Databases agents announce (--db), listed while the agent heartbeats. An agent announcing the same name again
 * gets the same database back. An announcement that cannot be served refuses the agent's registration with the
 * reason, which the agent logs. The URI arrives without its password, which the agent keeps.
 */
export function databaseAnnouncements(databases: DatabaseRepo): Announcements {
  return {
    async announce(agentId, resource, expiresAt, now) {
      const db = resource.db;
      if (!db) throw new Error(`database ${resource.name} was announced without its URI`);
      const problem = databaseProblem(resource.name, db.uri);
      if (problem) throw new Error(problem);
      const target = databaseTarget(db.uri);
      if (target.password !== undefined) throw new Error(`database ${resource.name} was announced with its password: the agent keeps it`);
      const id = (await databases.idServedBy(agentId, resource.name)) ?? randomUUID();
      await databases.upsert(
        { id, name: resource.name, protocol: target.protocol, type: 'self-hosted', uri: db.uri, description: db.description ?? '', labels: resource.labels, agentId, expiresAt },
        now,
      );
      return id;
    },
    keepUntil: (agentId, expiresAt, now) => databases.touchServedBy(agentId, expiresAt, now),
  };
}

/** An agent's database service (--db-match): listed while the agent heartbeats, one per agent. */
export function databaseServiceAnnouncements(services: DatabaseServiceRepo): Announcements {
  return {
    async announce(agentId, resource, expiresAt, now) {
      if (!resource.dbService) throw new Error(`database service ${resource.name} was announced without its matchers`);
      await services.upsert({ agentId, name: resource.name, matchers: resource.dbService.matchers, expiresAt }, now);
      return agentId;
    },
    keepUntil: (agentId, expiresAt, now) => services.touch(agentId, expiresAt, now),
  };
}
