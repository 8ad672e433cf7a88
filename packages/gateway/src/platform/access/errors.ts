import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
export const tooManyRequests = (message: string) => new HttpError(429, message);

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
  // Node answers an Expect it does not know with a bare 417 unless someone listens.
  app.server.on('checkExpectation', (req, res) => {
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8' }).end(refusalBody(`unsupported Expect header: ${req.headers.expect}`));
  });
}

const refusalBody = (message: string) => JSON.stringify({ error: { message } });

/** A whole HTTP answer, for refusals made on the bare socket before any request object exists. */
function rawRefusal(status: number, message: string): string {
  const body = refusalBody(message);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** fastify's router refuses these before any route runs; answered in the same shape as every other error. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // An upgrade's socket has left the HTTP server: nothing else would close it, and it would hold up shutdown forever.
  if (req.headers.upgrade) reply.raw.once('finish', () => req.raw.socket.destroy());
  const messages: Record<string, string> = {
    FST_ERR_BAD_URL: 'the path is not valid percent-encoded UTF-8',
    FST_ERR_MAX_PARAM_LENGTH: 'a path parameter is too long',
  };
  return reply.code(err.statusCode ?? 400).send({ error: { message: messages[err.code] ?? err.message } });
}

/** Requests node's HTTP parser refuses before fastify sees them: headers too large or malformed, bytes a URL may not hold. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message]: [number, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `the request's headers are larger than ${maxHeaderSize / 1024} KiB`]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'the request took too long to arrive']
        : [400, `malformed HTTP request: ${err.message}`];
  if (socket.writable) socket.write(rawRefusal(status, message));
  socket.destroy(err);
}

/** A websocket upgrade the ws library refuses (a missing or invalid key or version), in the same shape. */
export function refuseHandshake(err: Error, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end(rawRefusal(400, `invalid websocket handshake: ${err.message}`));
}
