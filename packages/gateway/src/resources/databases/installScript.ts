import { apiPaths } from '@portcullis/shared';
import { notFound } from '../../platform/access/errors';
import type { Gateway } from '../../platform/server/context';
import { installNodeScript } from '../../management/tokens/script';
import { tokenParams } from '../../management/tokens/schemas';
import { JoinTokenService } from '../../management/tokens/service';

/**
 * install-database.sh: install-node.sh whose agent also runs a database service. It serves the enrolled
 * databases whose labels match the join token's suggested labels, or every enrolled database when the token
 * suggests none (the console enrols the database, then hands out this script to the host that reaches it).
 */
export function installDatabaseScriptRoute(gw: Gateway) {
  const tokens = new JoinTokenService(gw.store, gw.now);
  gw.route('GET', apiPaths.installDatabaseScript, {
    access: { public: 'run with curl on the host being enrolled; the join token in the path is the credential' },
    params: tokenParams,
    handler: async ({ params, reply }) => {
      const token = await tokens.find(params.token);
      if (!token) throw notFound('this join token does not exist or has expired; create a new one');
      const matchers = Object.entries(token.suggestedLabels).map(([k, v]) => `${k}=${v}`);
      reply.type('text/x-shellscript; charset=utf-8');
      return installNodeScript({ gatewayUrl: gw.publicUrl(), token: params.token, labels: token.suggestedLabels, databaseMatchers: matchers.length ? matchers : ['*=*'] });
    },
  });
}
