/**
 * The proxy's own HTTP/1.1 client against a scripted upstream over real sockets: an app whose every answer is
 * written byte for byte as a test names it, so framing, keep-alive reuse and the end of a body can be checked on
 * what went over the upstream's connections.
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { forward } from '../../src/resources/apps/proxy/forward';
import { upstreamRequestHeaders } from '../../src/resources/apps/proxy/headers';
import { ConnectionPool } from '../../src/resources/apps/proxy/pool';
import type { Upstream } from '../../src/resources/apps/proxy/upstream';
import { eventually } from '../servers/fixtures';

/** What the scripted app answers, by path: the raw bytes of the response, in the pieces it writes them. */
const answers: Record<string, string[]> = {
  '/length': ['HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello'],
  '/chunked': ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=1\r\nhello\r\n', '7\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n'],
  '/split': ['HTT', 'P/1.1 201 Created\r\nContent-Len', 'gth: 2\r', '\n\r', '\nok'],
  '/close': ['HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil ', 'the close'],
  '/no-content': ['HTTP/1.1 204 No Content\r\nX-Seen: 1\r\n\r\n'],
  '/not-modified': ['HTTP/1.1 304 Not Modified\r\nETag: "v1"\r\nContent-Length: 10\r\n\r\n'],
  '/early-hints': ['HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'],
  '/malformed': ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
  '/cut': ['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly some'],
  // The rest never comes: the browser leaves first.
  '/endless': ['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nfirst'],
};

interface Received {
  connection: number;
  head: string;
}

/** The scripted app: reads request heads (the tests send no bodies), answers each from `answers`. */
async function startScriptedApp() {
  const received: Received[] = [];
  const sockets: Socket[] = [];
  const closed: number[] = [];
  const server = createTcpServer((socket) => {
    const connection = sockets.push(socket);
    let pending = '';
    socket.on('data', (data: Buffer) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
        const head = pending.slice(0, end);
        pending = pending.slice(end + 4);
        received.push({ connection, head });
        const [method, path] = head.split(' ');
        const pieces = [...answers[path!]!];
        if (method === 'HEAD') pieces.splice(0, pieces.length, answers[path!]!.join('').split('\r\n\r\n')[0] + '\r\n\r\n');
        // Each piece waits until the previous one was handed to the kernel, so they tend to arrive apart.
        const writeNext = () => {
          const piece = pieces.shift();
          if (piece !== undefined) return void socket.write(piece, 'latin1', writeNext);
          if (path === '/close' || path === '/cut' || path === '/malformed') socket.end();
        };
        writeNext();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => closed.push(connection));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    sockets,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Dials the scripted app over plain TCP. */
const tcpDial = (port: number) => () =>
  new Promise<Duplex>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** The gateway's side: a Node HTTP server whose every request goes through forward() to the app's pool. */
async function startProxy(appPort: number, dial: () => Promise<Duplex>, scheme = 'http') {
  const upstream: Upstream = {
    pool: new ConnectionPool(dial, 8),
    origin: `${scheme}://127.0.0.1:${appPort}`,
    host: `127.0.0.1:${appPort}`,
    connect: dial,
  };
  const statuses: number[] = [];
  const errors: string[] = [];
  const server: Server = createServer((req, res) =>
    forward(req, res, {
      upstream,
      headers: upstreamRequestHeaders(req, {
        upstreamHost: upstream.host,
        proto: 'http',
        clientAddr: '127.0.0.1',
        assertion: 'jwt',
        upgrade: false,
      }),
      rewrite: { upstreamOrigin: upstream.origin, publicOrigin: 'http://app.localhost' },
      maxHeaderBytes: 4096,
      idleMs: 5_000,
      unreachable: {
        status: 502,
        title: 'app is unreachable',
        message: 'The gateway could not reach app just now.',
      },
      timedOut: { status: 504, title: 'app did not answer', message: 'app sent nothing.' },
      done: (status) => statuses.push(status),
      log: (err) => errors.push(err.message),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    statuses,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        upstream.pool.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request through the proxy on a keep-alive agent (one connection, as one browser tab); the body as latin1 text. */
const fetchThrough = (port: number, agent: Agent, path: string, method = 'GET') =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

describe('the app proxy’s HTTP/1.1 client', () => {
  let app: Awaited<ReturnType<typeof startScriptedApp>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let browser: Agent;
  beforeEach(async () => {
    app = await startScriptedApp();
    proxy = await startProxy(app.port, tcpDial(app.port));
    browser = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(async () => {
    browser.destroy();
    await proxy.close();
    await app.close();
  });

  const get = (path: string, method = 'GET') => fetchThrough(proxy.port, browser, path, method);

  test('sends one head with the rewritten headers, and reuses the connection after a Content-Length body and after a chunked one', async () => {
    expect(await get('/length')).toMatchObject({
      status: 200,
      headers: { 'content-type': 'text/plain', 'content-length': '5' },
      body: 'hello',
    });
    // Chunked framing is taken off and the browser gets the data framed anew; the trailer goes no further.
    const chunked = await get('/chunked');
    expect([chunked.status, chunked.body, chunked.headers['transfer-encoding'], chunked.headers['x-trailer']]).toEqual([
      200,
      'hello, world',
      'chunked',
      undefined,
    ]);
    expect(await get('/length')).toMatchObject({ status: 200, body: 'hello' });
    expect(app.received.map((r) => r.connection)).toEqual([1, 1, 1]);
    expect(app.received[0]!.head).toBe(
      `GET /length HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nX-Forwarded-For: 127.0.0.1\r\nX-Forwarded-Proto: http\r\nX-Forwarded-Host: 127.0.0.1:${proxy.port}\r\nPortcullis-Jwt-Assertion: jwt\r\nConnection: keep-alive`,
    );
    expect(proxy.statuses).toEqual([200, 200, 200]);
  });

  test('reads a head that arrives in pieces, and skips an interim answer for the final one', async () => {
    expect(await get('/split')).toMatchObject({ status: 201, body: 'ok' });
    const hinted = await get('/early-hints');
    expect([hinted.status, hinted.body, hinted.headers.link]).toEqual([200, 'ok', undefined]);
    expect(app.received.map((r) => r.connection)).toEqual([1, 1]);
  });

  test('a response with neither Content-Length nor chunked framing ends at the close, and the next request dials anew', async () => {
    expect(await get('/close')).toMatchObject({ status: 200, body: 'until the close' });
    expect(await get('/length')).toMatchObject({ status: 200, body: 'hello' });
    expect(app.received.map((r) => r.connection)).toEqual([1, 2]);
  });

  test('answers to HEAD, 204 and 304 have no body and leave the connection ready for the next request', async () => {
    expect(await get('/length', 'HEAD')).toMatchObject({
      status: 200,
      headers: { 'content-length': '5' },
      body: '',
    });
    expect(await get('/no-content')).toMatchObject({ status: 204, headers: { 'x-seen': '1' }, body: '' });
    expect(await get('/not-modified')).toMatchObject({ status: 304, headers: { etag: '"v1"' }, body: '' });
    expect(await get('/length')).toMatchObject({ status: 200, body: 'hello' });
    expect(app.received.map((r) => r.connection)).toEqual([1, 1, 1, 1]);
    expect(proxy.statuses).toEqual([200, 204, 304, 200]);
  });

  test('malformed framing, or a body cut short, breaks the browser’s response off and drops the connection', async () => {
    await expect(get('/malformed')).rejects.toThrow();
    await expect(get('/cut')).rejects.toThrow();
    expect(await get('/length')).toMatchObject({ status: 200, body: 'hello' });
    expect(app.received.map((r) => r.connection)).toEqual([1, 2, 3]);
    await eventually(async () => proxy.statuses.length === 3, 'three requests counted');
    expect(proxy.statuses).toEqual([0, 0, 200]);
    expect(proxy.errors).toEqual(['the response has a malformed chunk size', 'the app closed the connection before its response was complete']);
  });
});

describe('the app proxy’s HTTP/1.1 client when the browser leaves', () => {
  test('a browser going away mid-response closes the upstream connection instead of pooling it', async () => {
    const app = await startScriptedApp();
    const proxy = await startProxy(app.port, tcpDial(app.port));
    const first = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: proxy.port, path: '/endless', agent: false }, (res) => {
        res.once('data', (c: Buffer) => {
          resolve(c.toString());
          req.destroy();
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => err.code !== 'ECONNRESET' && reject(err));
      req.end();
    });
    expect(first).toBe('first');
    await eventually(async () => app.closed.includes(1), 'the upstream connection to close');
    await eventually(async () => proxy.statuses.length === 1, 'the request to be counted');
    expect(proxy.statuses).toEqual([0]);
    await proxy.close();
    await app.close();
  });
});

describe('the app proxy’s HTTP/1.1 client over TLS', () => {
  let dir: string;
  let cert: Buffer;
  let app: Server;
  let appPort: number;
  let handshakes = 0;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const body = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < body.length; i++) body[i] = (i * 7) & 0xff;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portcullis-forward-'));
    const [certFile, keyFile] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(certFile);
    // A chunked megabyte (no Content-Length), written in 64 KiB pieces.
    app = createHttpsServer({ cert, key: readFileSync(keyFile) }, (_req, res) => {
      for (let at = 0; at < body.length; at += 65536) res.write(body.subarray(at, at + 65536));
      res.end();
    });
    app.on('secureConnection', () => handshakes++);
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appPort = (app.address() as AddressInfo).port;
    // As upstream.ts does over the tunnel's stream: TLS verified against the app's name.
    const dial = () =>
      new Promise<Duplex>((resolve, reject) => {
        const tls = tlsConnect(
          {
            socket: connect(appPort, '127.0.0.1'),
            servername: 'localhost',
            ca: cert,
            ALPNProtocols: ['http/1.1'],
          },
          () => resolve(tls),
        );
        tls.once('error', reject);
      });
    proxy = await startProxy(appPort, dial, 'https');
  });
  afterAll(async () => {
    await proxy.close();
    app.closeAllConnections();
    await new Promise<void>((resolve) => app.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  test('streams a chunked body intact and keeps the TLS connection for the next request', async () => {
    const browser = new Agent({ keepAlive: true, maxSockets: 1 });
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    for (let i = 0; i < 2; i++) {
      const answer = await fetchThrough(proxy.port, browser, '/big');
      expect([answer.status, answer.body.length, sha(Buffer.from(answer.body, 'latin1'))]).toEqual([200, body.length, sha(body)]);
    }
    browser.destroy();
    expect(handshakes).toBe(1);
  });
});
