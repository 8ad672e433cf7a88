import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../platform/access/errors';

/** What a browser without the daemon's cookie sees instead of the app. */
export const launchFirstPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portcullis Connect</title></head>
<body><h1>Portcullis Connect</h1><p>Open the link <code>portcullis connect</code> printed in your terminal: it signs this browser in to the daemon.</p></body></html>
`;

/** The API's own paths: an unknown one is a 404, never the app's page. */
export const isApiPath = (url: string): boolean => url.startsWith('/v1/');

/** Refuses to start without the built app, saying how to build it. */
export function checkUiDir(uiDir: string): void {
  if (!existsSync(path.join(uiDir, 'index.html'))) throw new Error(`the workspace app is not built (no index.html in ${uiDir}): build it with make build, or name its directory with --ui-dir`);
}

/** The workspace app's files, and its page for every other path so the app's router decides (SPA fallback). */
export async function staticUi(app: FastifyInstance, uiDir: string) {
  await app.register(fastifyStatic, { root: uiDir, index: false, wildcard: false, cacheControl: false, setHeaders: (reply) => reply.header('Cache-Control', 'no-cache') });
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(req.url)) throw notFound(`no such endpoint: ${req.url.split('?')[0]}`);
    reply.header('Cache-Control', 'no-store');
    return reply.sendFile('index.html');
  };
  app.get('/', page);
  app.get('/*', page);
}
