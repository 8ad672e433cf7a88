import type { FastifyInstance } from 'fastify';

/**
 * The console labels every request application/json, including a DELETE or a renewal that carries no body;
 * an empty body reads as no body rather than a 400. Anything else goes through fastify's own parser, which
 * refuses prototype-poisoning keys.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return parse(req, body as string, done);
  });
}
