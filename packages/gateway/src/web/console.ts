import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console under /web: hashed assets with long-lived caching, and index.html for every
 * other /web path so the console's router decides (SPA fallback).
 */
export async function consoleRoutes(app: FastifyInstance, opts: { webDir: string }) {
  const indexFile = path.join(opts.webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir: opts.webDir }, 'console not built: run `make build` to serve /web');
  }
  await app.register(fastifyStatic, {
    root: opts.webDir,
    prefix: '/web/',
    index: false,
    wildcard: false,
    // Vite names every asset by its content hash, so a cached copy can never go stale.
    cacheControl: false,
    setHeaders: (reply, file) => {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    if (!existsSync(indexFile)) return reply.code(503).send({ error: { message: 'the console is not built; run make build' } });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(readFileSync(indexFile, 'utf8'));
  };
  app.get('/', (_req, reply) => reply.redirect('/web'));
  app.get('/web', sendIndex);
  app.get('/web/*', sendIndex);
}
