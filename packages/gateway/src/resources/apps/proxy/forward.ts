import type { IncomingMessage, ServerResponse } from 'node:http';
import { downstreamResponseHeaders, type ResponseRewrite } from './headers';
import { sendPage, type Page } from './pages';
import type { ConnectionUser, PooledConnection } from './pool';
import { ResponseBodyReader, responseFraming } from './responseBody';
import { ResponseHeadReader, UpstreamProtocolError, type ResponseHead } from './responseHead';
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
 *
 * The upstream side is HTTP/1.1 spoken here over a pooled connection rather than through Node's http client,
 * whose request and response objects cost the gateway more than everything else per request: the request head is
 * written in one piece, the response head parsed, and the body's framing followed only to find its end, so its
 * bytes pass to the browser as views into what the upstream sent.
 */
export function forward(req: IncomingMessage, res: ServerResponse, o: ForwardOptions): void {
  const exchange = new Exchange(req, res, o);
  const conn = o.upstream.pool.take();
  if (conn) exchange.start(conn);
  else
    o.upstream.pool.open().then(
      (opened) => exchange.start(opened),
      (err: Error) => exchange.unreachable(err),
    );
}

class Exchange implements ConnectionUser {
  private conn: PooledConnection | undefined;
  private readonly head: ResponseHeadReader;
  private body: ResponseBodyReader | undefined;
  private status = 0;
  private reusable = false;
  private requestSent = false;
  /** The browser's side is over (it left, or the idle timeout answered): the upstream's half is not wanted. */
  private abandoned = false;
  private counted = false;
  /** The last piece of body data of the chunk at hand, held so the body's final piece can go with res.end. */
  private held: Buffer | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly o: ForwardOptions,
  ) {
    this.head = new ResponseHeadReader(o.maxHeaderBytes);
    res.on('close', () => {
      // The browser went away (or the idle timeout cut it off): the upstream's half goes too.
      if (!res.writableFinished) {
        this.abandon();
        this.count(0);
      }
    });
    res.setTimeout(o.idleMs, () => {
      if (!res.headersSent) {
        sendPage(res, o.timedOut);
        this.count(o.timedOut.status);
      } else {
        this.count(0);
        res.destroy();
      }
      this.abandon();
    });
  }

  start(conn: PooledConnection): void {
    if (this.abandoned) return this.o.upstream.pool.release(conn);
    this.conn = conn;
    conn.user = this;
    const chunked = this.req.headers['transfer-encoding'] !== undefined;
    conn.stream.write(requestHead(this.req, this.o.headers, chunked), 'latin1');
    // Most requests (GETs) have no body (RFC 9112 §6.3): nothing more to send.
    if (this.req.headers['content-length'] === undefined && !chunked) this.requestSent = true;
    else this.sendBody(conn, chunked);
  }

  unreachable(err: Error): void {
    if (this.abandoned) return;
    this.o.log(err);
    sendPage(this.res, this.o.unreachable);
    this.count(this.o.unreachable.status);
  }

  data(chunk: Buffer): void {
    try {
      if (this.body) return this.bodyData(chunk);
      let got = this.head.push(chunk);
      while (got && got.head.status < 200) {
        // An interim answer (100 Continue, 103 Early Hints) is not passed on; the final one follows it. A 101 was not asked for.
        if (got.head.status === 101) throw new UpstreamProtocolError('the app switched protocols on a plain request');
        got = got.rest.length ? this.head.push(got.rest) : undefined;
      }
      if (got) this.respond(got.head, got.rest);
    } catch (err) {
      this.broken(err as Error);
    }
  }

  closed(err?: Error): void {
    this.conn = undefined;
    if (this.abandoned) return;
    // A body that runs until the upstream closes has ended; any other exchange was cut short.
    if (!err && this.body?.endsAtClose) return void this.res.end();
    this.broken(err ?? new Error('the app closed the connection before its response was complete'));
  }

  private respond(head: ResponseHead, rest: Buffer): void {
    const { framing, reusable } = responseFraming(head, this.req.method ?? 'GET');
    const { res } = this;
    this.status = head.status;
    this.reusable = reusable;
    res.writeHead(head.status, head.message || undefined, downstreamResponseHeaders(head.rawHeaders, this.o.rewrite));
    res.once('finish', () => this.count(this.status));
    if (framing.kind === 'none') {
      this.complete(rest.length > 0);
      res.end();
      return;
    }
    this.body = new ResponseBodyReader(framing);
    if (rest.length) this.bodyData(rest);
  }

  private bodyData(chunk: Buffer): void {
    const end = this.body!.push(chunk, this.hold);
    const last = this.held;
    this.held = undefined;
    if (end === -1) {
      if (last && !this.res.write(last)) this.pauseUpstream();
      return;
    }
    this.complete(end < chunk.length);
    this.res.end(last);
  }

  /** Each piece but the chunk's last goes to the browser at once; the last waits to learn whether it ends the body. */
  private readonly hold = (data: Buffer): void => {
    if (this.held) this.res.write(this.held);
    this.held = data;
  };

  private pauseUpstream(): void {
    const conn = this.conn!;
    conn.stream.pause();
    this.res.once('drain', () => {
      if (this.conn === conn) conn.stream.resume();
    });
  }

  /** The response is all in: the connection serves the next request, unless the exchange left it in doubt. */
  private complete(extraBytes: boolean): void {
    const conn = this.conn!;
    this.conn = undefined;
    conn.user = undefined;
    // Bytes past the response's end answer nothing that was asked; an upload still going would be cut in two.
    if (this.reusable && this.requestSent && !extraBytes) return this.o.upstream.pool.release(conn);
    conn.destroy();
    // The rest of an upload the app did not wait for is read and dropped, so the browser's connection stays usable.
    if (!this.requestSent) this.req.resume();
  }

  private sendBody(conn: PooledConnection, chunked: boolean): void {
    const { req } = this;
    const stream = conn.stream;
    const resume = () => req.resume();
    req.on('data', (chunk: Buffer) => {
      if (conn.user !== this) return;
      // Node's server has already taken the browser's chunked framing off; the upstream gets it anew.
      if (chunked) stream.write(`${chunk.length.toString(16)}\r\n`, 'latin1');
      stream.write(chunk);
      if (chunked) stream.write('\r\n', 'latin1');
      if (stream.writableNeedDrain) {
        req.pause();
        stream.once('drain', resume);
      }
    });
    req.on('end', () => {
      if (conn.user !== this) return;
      if (chunked) stream.write('0\r\n\r\n', 'latin1');
      this.requestSent = true;
    });
  }

  /** The upstream failed: a page if the browser has nothing yet, else its response is cut off too. */
  private broken(err: Error): void {
    this.conn?.destroy();
    this.conn = undefined;
    this.o.log(err);
    if (!this.res.headersSent) {
      sendPage(this.res, this.o.unreachable);
      this.count(this.o.unreachable.status);
    } else {
      this.res.destroy();
      this.count(0);
    }
  }

  private abandon(): void {
    this.abandoned = true;
    this.conn?.destroy();
    this.conn = undefined;
  }

  private count(status: number): void {
    if (this.counted) return;
    this.counted = true;
    this.o.done(status);
  }
}

/** The request line and headers for the upstream, in one string to write in one piece. */
function requestHead(req: IncomingMessage, headers: string[], chunked: boolean): string {
  let head = `${req.method} ${req.url} HTTP/1.1\r\n`;
  for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  if (chunked) head += 'Transfer-Encoding: chunked\r\n';
  return `${head}Connection: keep-alive\r\n\r\n`;
}
