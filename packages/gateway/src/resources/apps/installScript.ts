import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import { appProblem } from '../../agent/tunnel/apps';
import { notFound } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import { installNodeScript } from '../../management/tokens/script';
import { tokenParams } from '../../management/tokens/schemas';
import { JoinTokenService } from '../../management/tokens/service';

/**
 * The app to serve. The URI lands in a systemd unit written by the shell, so it is held to the characters an
 * address needs (the agent uses only its scheme, host and port): nothing the shell or systemd would expand.
 */
const installAppQuery = z
  .object({
    name: z.string().min(1).max(63),
    uri: z.string().regex(/^(https?|tcp):\/\/[A-Za-z0-9.\-[\]:]+\/?$/, 'uri must be http://HOST[:PORT], https://HOST[:PORT] or tcp://HOST:PORT'),
  })
  .superRefine((q, ctx) => {
    const problem = appProblem(q.name, { uri: q.uri });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** install-app.sh?name=…&uri=…: install-node.sh whose agent also serves the app. */
export function installAppScriptRoute(gw: Gateway) {
  const tokens = new JoinTokenService(gw.store, gw.now);
  gw.route('GET', apiPaths.installAppScript, {
    access: { public: 'run with curl on the host being enrolled; the join token in the path is the credential' },
    params: tokenParams,
    query: installAppQuery,
    handler: async ({ params, query, reply }) => {
      const token = await tokens.find(params.token);
      if (!token) throw notFound('this join token does not exist or has expired; create a new one');
      reply.type('text/x-shellscript; charset=utf-8');
      return installNodeScript({ gatewayUrl: gw.publicUrl(), token: params.token, labels: token.suggestedLabels, apps: [`${query.name}=${query.uri}`] });
    },
  });
}
