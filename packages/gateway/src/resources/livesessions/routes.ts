import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import { notFound } from '../../platform/access/errors';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import type { SessionCore } from '../core/sessionCore';
import { activeSessionJson } from './presenter';

const sessionParams = clusterParams.extend({ sid: z.string().min(1).max(64) });

/** GET /sites/{id}/sessions and /sessions/{sid}: the live sessions (of every gateway on the database), with the modes the caller may join in. */
export function liveSessionRoutes(gw: Gateway, core: SessionCore) {
  gw.route('GET', apiPaths.sessions, {
    access: { resource: 'session_tracker', verb: 'list' },
    params: clusterParams,
    handler: ({ identity }) => ({
      sessions: [
        ...core.list().map((s) => activeSessionJson(s, core.modesFor(identity!, s.id))),
        ...(core.peers?.list(identity!) ?? []).map((r) => activeSessionJson(r.session, r.modes)),
      ],
    }),
  });

  gw.route('GET', apiPaths.session, {
    access: { resource: 'session_tracker', verb: 'read' },
    params: sessionParams,
    handler: ({ identity, params }) => {
      const session = core.get(params.sid);
      if (session) return { sessions: [activeSessionJson(session, core.modesFor(identity!, session.id))] };
      const elsewhere = core.peers?.get(params.sid, identity!);
      if (!elsewhere) throw notFound(`session ${params.sid} was not found or has ended`);
      return { sessions: [activeSessionJson(elsewhere.session, elsewhere.modes)] };
    },
  });
}
