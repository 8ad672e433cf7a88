import { createReadStream, existsSync } from 'node:fs';
import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../platform/server/context';
import { notFound } from '../../platform/access/errors';
import { presentToken } from './presenter';
import { installNodeScript } from './script';
import { createTokenBody, tokenIdParams, tokenParams } from './schemas';
import type { JoinTokenService } from './service';

/** Join tokens (POST /token, GET /tokens, DELETE /tokens/:id) and the install script that uses one. */
export function tokenRoutes(gw: Gateway, tokens: JoinTokenService) {
  gw.route('POST', apiPaths.joinToken, {
    access: { resource: 'token', verb: 'create' },
    body: createTokenBody,
    handler: async ({ identity, body }) => {
      const { value, token } = await tokens.create(identity!.user.name, body);
      // The value is the token's id on the wire, returned this once; it is stored hashed.
      return presentToken(token, value);
    },
  });

  gw.route('GET', apiPaths.joinTokens, {
    access: { resource: 'token', verb: 'list' },
    handler: async () => ({ items: (await tokens.list()).map((t) => presentToken(t)) }),
  });

  gw.route('DELETE', apiPaths.joinTokenById, {
    access: { resource: 'token', verb: 'delete' },
    params: tokenIdParams,
    handler: async ({ identity, params }) => {
      if (!(await tokens.remove(identity!.user.name, params.id))) throw notFound(`no join token with id ${params.id}`);
      return { message: 'ok' };
    },
  });

  gw.route('GET', apiPaths.installNodeScript, {
    access: { public: 'run with curl on the host being enrolled; the join token in the path is the credential' },
    params: tokenParams,
    handler: async ({ params, reply }) => {
      const token = await tokens.find(params.token);
      if (!token) throw notFound('this join token does not exist or has expired; create a new one');
      reply.type('text/x-shellscript; charset=utf-8');
      return installNodeScript({ gatewayUrl: gw.publicUrl(), token: params.token, labels: token.suggestedLabels });
    },
  });

  gw.route('GET', apiPaths.agentPackage, {
    access: { public: 'the agent package install-node.sh installs; it holds no secret, the join token does' },
    handler: async ({ reply }) => {
      const file = gw.config.agentPackage;
      if (!existsSync(file)) throw notFound('this gateway has no agent package; run `make build` where it runs');
      reply.type('application/gzip').header('Content-Disposition', 'attachment; filename="portcullis-agent.tgz"');
      return reply.send(createReadStream(file));
    },
  });
}
