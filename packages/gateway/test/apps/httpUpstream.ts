/**
 * The app behind the proxy in these tests: a real HTTP server with a websocket endpoint, recording what it
 * received, so a test can check what reached the app (and what never did).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface Upstream {
  port: number;
  origin: string;
  /** Every request and upgrade the app received: method, path and headers. */
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
  /** Resolves once an upload to /upload-held has delivered its first bytes. */
  firstUploadChunk(): Promise<void>;
  /** Lets /held finish its response. */
  release(): void;
  close(): Promise<void>;
}

/** A deterministic body of `bytes` bytes, produced in 64 KiB pieces. */
export function* pattern(bytes: number): Generator<Buffer> {
  const piece = Buffer.alloc(64 * 1024);
  for (let i = 0; i < piece.length; i++) piece[i] = (i * 31 + 7) & 0xff;
  for (let sent = 0; sent < bytes; sent += piece.length) yield piece.subarray(0, Math.min(piece.length, bytes - sent));
}

export const sha256Of = (chunks: Iterable<Buffer>) => {
  const hash = createHash('sha256');
  for (const c of chunks) hash.update(c);
  return hash.digest('hex');
};

export async function startUpstream(): Promise<Upstream> {
  const seen: Upstream['seen'] = [];
  let uploadStarted!: () => void;
  const uploadChunk = new Promise<void>((resolve) => (uploadStarted = resolve));
  let releaseHeld!: () => void;
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  let origin = '';

  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const url = new URL(req.url!, origin);
    switch (url.pathname) {
      case '/hello':
        res.setHeader('content-type', 'text/plain');
        return res.end(`hello from the app: ${req.method} ${req.url}`);
      case '/upload': {
        const hash = createHash('sha256');
        let bytes = 0;
        req.on('data', (c: Buffer) => {
          bytes += c.length;
          hash.update(c);
        });
        req.on('end', () => res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') })));
        return;
      }
      case '/upload-held':
        req.once('data', () => uploadStarted());
        req.resume();
        req.on('end', () => res.end('upload complete'));
        return;
      case '/download': {
        // No Content-Length: the response is chunked, as a generated body is.
        const bytes = Number(url.searchParams.get('bytes'));
        const pieces = pattern(bytes);
        const pump = () => {
          for (let next = pieces.next(); !next.done; next = pieces.next()) if (!res.write(next.value)) return void res.once('drain', pump);
          res.end();
        };
        return pump();
      }
      case '/held':
        res.write('first;');
        return void held.then(() => res.end('last'));
      case '/silent':
        return; // never answers: the idle timeout's case
      case '/redirect':
        res.setHeader('set-cookie', ['pref=dark; Domain=127.0.0.1; Path=/; HttpOnly', 'grv_app_session=planted; Path=/', `other=1; path=/; domain=.example.com`]);
        res.writeHead(302, { location: `${origin}/landing?from=redirect` });
        return res.end();
      case '/elsewhere':
        res.writeHead(302, { location: 'https://example.com/somewhere' });
        return res.end();
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end(`the app has no ${url.pathname}`);
    }
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket, req) => {
    seen.push({ method: 'UPGRADE', url: req.url!, headers: req.headers });
    socket.on('message', (data, isBinary) => socket.send(isBinary ? data : `echo: ${data.toString()}`, { binary: isBinary }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    seen,
    firstUploadChunk: () => uploadChunk,
    release: () => releaseHeld(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
