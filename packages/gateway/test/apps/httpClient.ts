/**
 * A browser as far as app hosts go: it talks to the gateway's port with the Host of the app (`*.localhost`
 * resolves to the loopback address in browsers) and keeps cookies per host, host-only, as a browser does with
 * cookies that carry no Domain.
 */
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import WebSocket from 'ws';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as the body; an async iterable is streamed chunk by chunk. */
  body?: string | Buffer | AsyncIterable<Buffer>;
}

export class Browser {
  /** host → cookie name → value. */
  readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly port: number) {}

  cookieHeader(host: string): string | undefined {
    const cookies = this.jar.get(host);
    return cookies?.size ? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  /** Sends a request to `host` and hands back the response as it starts (for reading a streamed body). */
  open(host: string, method: string, path: string, opts: RequestOptions = {}): Promise<IncomingMessage> {
    const cookie = this.cookieHeader(host);
    const headers = { host, ...(cookie && { cookie }), ...opts.headers };
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: false }, (res) => {
        this.keep(host, res.headers['set-cookie']);
        resolve(res);
      });
      req.on('error', reject);
      const body = opts.body;
      if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) return void req.end(body);
      void (async () => {
        for await (const chunk of body) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        req.end();
      })().catch((err: Error) => req.destroy(err));
    });
  }

  async fetch(host: string, method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
    const res = await this.open(host, method, path, opts);
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
  }

  /** A websocket to `host`, with that host's cookies; resolves once open (rejects with the HTTP status if refused). */
  websocket(host: string, path: string): Promise<WebSocket> {
    const cookie = this.cookieHeader(host);
    const socket = new WebSocket(`ws://127.0.0.1:${this.port}${path}`, { headers: { host, ...(cookie && { cookie }) } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(socket));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`websocket refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  private keep(host: string, setCookies: string[] | undefined): void {
    for (const line of setCookies ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const cookies = this.jar.get(host) ?? new Map<string, string>();
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      this.jar.set(host, cookies);
    }
  }
}
