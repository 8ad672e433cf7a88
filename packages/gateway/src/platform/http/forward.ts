import { request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Headers of one connection (RFC 9110 §7.6.1): never passed on by a proxy. */
export const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * An upstream's response headers as the client gets them, less the connection's own (an upgrade keeps Connection
 * and Upgrade) and any of `drop`.
 */
export function responseHeaders(rawHeaders: string[], upgraded = false, drop: (name: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const lower = rawHeaders[i]!.toLowerCase();
    if (hopByHop.has(lower) && !(upgraded && (lower === 'connection' || lower === 'upgrade'))) continue;
    if (drop(lower)) continue;
    out.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return out;
}

/**
 * A request's headers for the upstream: the connection's own dropped, and any of `drop`; each repeated header
 * (Impersonate-Group) kept as separate lines. An upgrade keeps Connection and Upgrade.
 */
export function requestHeaders(req: IncomingMessage, drop: (name: string) => boolean, upgrade: boolean): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (!hopByHop.has(name) && !drop(name) && values) headers[name] = values.length === 1 ? values[0] : values;
  }
  if (upgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = req.headers.upgrade;
  }
  if (req.headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';
  return headers;
}

export interface ForwardOptions {
  path: string;
  headers: OutgoingHttpHeaders;
  /** Response headers (lower case) the client must not get, e.g. the upstream's cookies. */
  dropResponseHeader?: (name: string) => boolean;
  /** The upstream broke off before answering: answer the client (a JSON error of the caller's kind). */
  failed(err: Error): void;
  /** Called once with the status the client got, 0 when the exchange broke off. */
  done(status: number): void;
}

/**
 * One request to an upstream over `link` (a tunnel stream), both bodies streamed: a watch or a log that follows
 * runs until either side goes away, which ends the other.
 */
export function forwardRequest(req: IncomingMessage, res: ServerResponse, link: Duplex, o: ForwardOptions): void {
  const upstream = request({ createConnection: () => link as Socket, method: req.method, path: o.path, headers: o.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders, false, o.dropResponseHeader));
    answer.pipe(res);
    answer.on('end', () => o.done(answer.statusCode ?? 502));
  });
  upstream.on('error', (err) => {
    if (res.headersSent) return void res.destroy();
    o.failed(err);
    o.done(502);
  });
  res.on('close', () => {
    if (!res.writableFinished) {
      upstream.destroy();
      o.done(0);
    }
  });
  req.pipe(upstream);
}
