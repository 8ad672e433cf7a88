import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AuthProvider } from '@portcullis/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueCsrfToken } from '../access/csrf';
import type { Gateway } from '../server/context';
import { markLocked } from '../../management/locks/subject';
import { sessionCookie } from '../../management/websessions/cookie';
import { appFormTargets, consoleCsp } from './headers';
import { IndexPage } from './indexPage';
import { webConfig } from './webConfig';

/**
 * Serves the built console under /web: hashed assets with long-lived caching, /web/config.js, and the index
 * page for every other /web path so the console's router decides (SPA fallback). `providers` reads the single
 * sign-on connectors for /web/config.js.
 */
export async function consoleRoutes(app: FastifyInstance, gw: Gateway, providers: () => Promise<AuthProvider[]>) {
  const webDir = gw.config.webDir;
  const page = new IndexPage(path.join(webDir, 'index.html'));
  if (!existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'console not built: run `make build` to serve /web');
  } else {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/web/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies of each asset; a browser that accepts one gets it as it is.
      preCompressed: true,
      // Vite names every asset by its content hash, so a cached copy can never go stale.
      cacheControl: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const csrf = issueCsrfToken(req, reply, !!gw.config.tls);
    const secret = req.cookies[sessionCookie];
    // A session a lock covers is not handed to the page: the console then opens on its login page.
    const identity = markLocked(secret ? await gw.webSessions.resolve(secret) : undefined, gw.locks);
    const session = identity && secret && identity.lockedBecause === undefined ? Buffer.from(JSON.stringify(gw.webSessions.present(identity, secret))).toString('base64') : '';
    const html = page.render(csrf, session);
    if (html === undefined) return reply.code(503).send({ error: { message: 'the console is not built; run make build' } });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', consoleCsp(req, appFormTargets(gw.publicUrl(), req.url)))
      .send(html);
  };

  const pagePublic = { public: 'the console page itself; it holds no data beyond the caller’s own session' } as const;
  gw.route('GET', '/', { access: { public: 'redirects to the console' }, handler: ({ reply }) => reply.redirect('/web') });
  gw.route('GET', '/web', { access: pagePublic, handler: ({ req, reply }) => sendIndex(req, reply) });
  gw.route('GET', '/web/*', { access: pagePublic, handler: ({ req, reply }) => sendIndex(req, reply) });
  gw.route('GET', '/web/config.js', {
    access: { public: 'the console reads its configuration before anyone signs in' },
    handler: async ({ reply }) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(`window.PORTCULLIS_CONFIG = ${JSON.stringify(webConfig(gw.config, await providers()))};\n`),
  });
}
