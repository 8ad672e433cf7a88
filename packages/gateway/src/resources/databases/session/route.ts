import type { AgentRegistry } from '../../connectors/agent/registry';
import type { DatabaseRecord } from '../repo';
import { serviceMatches, type DatabaseServiceRepo } from '../services';

/** Which agent reaches a database: the one that announced it, or, for an enrolled one, a connected database service whose matchers select it. */
export async function agentFor(db: DatabaseRecord, services: DatabaseServiceRepo, agents: AgentRegistry, now: number): Promise<string | undefined> {
  if (db.agentId) return db.agentId;
  const candidates = (await services.live(now)).filter((s) => serviceMatches(s.matchers, db.labels) && agents.connection(s.agentId));
  // Spreading connections over the matching services keeps one agent from carrying every session.
  return candidates[Math.floor(Math.random() * candidates.length)]?.agentId;
}
