import { z } from 'zod';
import { notFound } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import type { LiveSessions } from './hub';
import { activeSessionJson } from './presenter';

const clusterParams = z.object({ clusterId: z.string().min(1) });
const sessionParams = clusterParams.extend({ sid: z.string().min(1).max(64) });

/** GET /sites/{id}/sessions and /sessions/{sid}: the live sessions, with the modes the caller may join in. */
export function liveSessionRoutes(gw: Gateway, live: LiveSessions) {
  const checkCluster = (clusterId: string) => {
    if (clusterId !== gw.config.clusterName) throw notFound(`cluster ${clusterId} not found`);
  };

  gw.route('GET', '/v1/webapi/sites/:clusterId/sessions', {
    access: { resource: 'session_tracker', verb: 'list' },
    params: clusterParams,
    handler: ({ identity, params }) => {
      checkCluster(params.clusterId);
      return { sessions: live.list().map((s) => activeSessionJson(s, live.modesFor(identity!, s.id))) };
    },
  });

  gw.route('GET', '/v1/webapi/sites/:clusterId/sessions/:sid', {
    access: { resource: 'session_tracker', verb: 'read' },
    params: sessionParams,
    handler: ({ identity, params }) => {
      checkCluster(params.clusterId);
      const session = live.get(params.sid);
      if (!session) throw notFound(`session ${params.sid} was not found or has ended`);
      return { sessions: [activeSessionJson(session, live.modesFor(identity!, session.id))] };
    },
  });
}
