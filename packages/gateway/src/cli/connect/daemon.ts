import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import { daemonPaths } from '@portcullis/shared';
import Fastify from 'fastify';
import { registerErrorHandler } from '../../platform/access/errors';
import { interceptRequests } from '../../platform/http/intercept';
import { acceptEmptyJsonBodies } from '../../platform/server/jsonBody';
import { connectionRoutes } from './connectionRoutes';
import { Connections } from './connections';
import { GatewayForward, gatewayTarget } from './forward';
import { Guard } from './guard';
import { profileRoutes } from './profileRoutes';
import { ProfileStore } from './profiles';
import { checkUiDir, isApiPath, launchFirstPage, staticUi } from './staticUi';
import { WorkspaceStore } from './workspace';
import { workspaceRoutes } from './workspaceRoutes';

export interface DaemonOptions {
  /** The port on 127.0.0.1 (0: a free one). */
  port: number;
  /** The built workspace app. */
  uiDir: string;
}

export interface Daemon {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The link that signs a browser in to this run of the daemon. */
  launchUrl: string;
  close(): Promise<void>;
}

/**
 * `portcullis connect`'s daemon: the workspace app and its loopback API (shared's daemonPaths) on 127.0.0.1,
 * holding sessions on several gateways and local database ports. Its files are under profileHome()/connect.
 */
export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  checkUiDir(options.uiDir);
  const profiles = new ProfileStore();
  const connections = new Connections(profiles);
  const workspace = new WorkspaceStore();
  const guard = new Guard();
  const forward = new GatewayForward(guard, profiles);

  // Errors go to stderr: standard output carries the launch line alone.
  const app = Fastify({ logger: { level: 'warn', stream: process.stderr } });
  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket);
  interceptRequests(app.server, (req) => gatewayTarget(req.url), forward, (err) => app.log.error({ err }, 'forwarding to a gateway failed'));

  // Every route but the launch link needs the cookie; there is no other public route.
  app.addHook('onRequest', async (req, reply) => {
    const refusal = guard.refusal(req.raw, req.routeOptions.url === daemonPaths.launch);
    if (!refusal) return;
    const page = refusal.status === 401 && req.method === 'GET' && !isApiPath(req.url) && !req.headers.upgrade;
    if (page) return reply.code(401).type('text/html; charset=utf-8').send(launchFirstPage);
    return reply.code(refusal.status).send({ error: { message: refusal.message } });
  });
  app.get(daemonPaths.launch, async (req, reply) => {
    const session = guard.launch((req.query as { t?: unknown }).t);
    if (!session) return reply.code(401).send({ error: { message: 'this launch link is not from this run of portcullis connect: open the one it printed last' } });
    reply.setCookie(guard.cookieName(req.raw), session, { path: '/', httpOnly: true, sameSite: 'strict' });
    return reply.redirect('/', 303);
  });
  profileRoutes(app, profiles, connections, workspace);
  connectionRoutes(app, connections);
  workspaceRoutes(app, workspace);
  await staticUi(app, options.uiDir);

  await app.listen({ host: '127.0.0.1', port: options.port });
  await connections.restore();
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    launchUrl: `${url}${daemonPaths.launch}?t=${guard.launchToken}`,
    async close() {
      connections.closeAll();
      forward.closeAll();
      await app.close();
    },
  };
}
