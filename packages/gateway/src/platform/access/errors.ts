import type { FastifyError, FastifyInstance } from 'fastify';

/** An error that answers with its own status and a message safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const forbidden = (message = 'access denied') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Every error leaves as `{error: {message}}` (the console reads error.message first). Problems in the request itself
 * (malformed JSON, wrong content type, oversized body) become 4xx naming the problem; anything unexpected is
 * logged and answered with a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).send({ error: { message: err.message } });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? `malformed JSON body: ${err.message}` : err.message;
      return reply.code(status).send({ error: { message } });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: { message: 'internal error' } });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: { message: `no such endpoint: ${req.method} ${req.url.split('?')[0]}` } }));
}
