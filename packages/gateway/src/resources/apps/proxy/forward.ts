import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { downstreamResponseHeaders, type ResponseRewrite } from './headers';
import { sendPage, type Page } from './pages';
import type { Upstream } from './upstream';

export interface ForwardOptions {
  upstream: Upstream;
  headers: string[];
  rewrite: ResponseRewrite;
  maxHeaderBytes: number;
  idleMs: number;
  /** The page for an upstream that cannot be reached or fails before answering (never naming its address). */
  unreachable: Page;
  /** The page for an upstream that stays silent past the idle timeout. */
  timedOut: Page;
  /** Called once with the status the browser got (0 when the exchange broke off). */
  done(status: number): void;
  /** Why the upstream failed, for the gateway's log. */
  log(err: Error): void;
}

/**
 * Passes one request to the upstream and its response back, both bodies streamed with backpressure (nothing is
 * held whole), and either side going away ends the other. A request or response that moves no bytes for
 * `idleMs` is cut off.
 */
export function forward(req: IncomingMessage, res: ServerResponse, o: ForwardOptions): void {
  let finished = false;
  const finish = (status: number) => {
    if (finished) return;
    finished = true;
    o.done(status);
  };
  const upstreamReq = httpRequest({ agent: o.upstream.agent, method: req.method, path: req.url, headers: o.headers, maxHeaderSize: o.maxHeaderBytes });

  upstreamReq.on('response', (upstreamRes) => {
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, downstreamResponseHeaders(upstreamRes.rawHeaders, o.rewrite));
    upstreamRes.pipe(res);
    upstreamRes.on('error', () => res.destroy());
    upstreamRes.on('aborted', () => res.destroy());
    res.on('finish', () => finish(upstreamRes.statusCode ?? 502));
  });
  upstreamReq.on('error', (err) => {
    // After the exchange was settled (the browser left, or the timeout answered), destroying the upstream's half is expected.
    if (finished) return;
    o.log(err);
    if (!res.headersSent) {
      sendPage(res, o.unreachable);
      finish(o.unreachable.status);
    } else {
      res.destroy();
      finish(0);
    }
  });
  res.on('close', () => {
    // The browser went away (or the idle timeout cut it off): the upstream's half goes too.
    if (!res.writableFinished) {
      upstreamReq.destroy();
      finish(0);
    }
  });
  res.setTimeout(o.idleMs, () => {
    if (!res.headersSent) {
      sendPage(res, o.timedOut);
      finish(o.timedOut.status);
    } else {
      finish(0);
      res.destroy();
    }
    upstreamReq.destroy();
  });
  // Most requests (GETs) have no body: ending at once spares piping, whose listeners set up and torn down on
  // both streams cost more per request than anything else the proxy itself does.
  if (hasNoBody(req)) upstreamReq.end();
  else req.pipe(upstreamReq);
}

/** A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3). */
const hasNoBody = (req: IncomingMessage) => req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
