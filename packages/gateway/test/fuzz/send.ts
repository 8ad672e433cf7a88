import { connect } from 'node:net';
import type { HeaderList } from './headers';

export interface RawRequest {
  method: string;
  /** Written as is (latin1), so it may hold bytes no HTTP client would send. */
  path: string;
  headers: HeaderList;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  ms: number;
}

/** How long one request may take before the fuzzer calls it a hang. */
export const answerTimeoutMs = 15_000;

/** Merges header sets: a name in `over` replaces every header of that name in `base`. */
export function mergeHeaders(base: HeaderList, over: HeaderList): HeaderList {
  const replaced = new Set(over.map(([name]) => name.toLowerCase()));
  return [...base.filter(([name]) => !replaced.has(name.toLowerCase())), ...over];
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses the final answer in what the server wrote, skipping interim (1xx) ones. */
export function parseResponse(data: Buffer): Omit<RawResponse, 'ms'> | undefined {
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) return undefined;
    if (status >= 100 && status < 200 && status !== 101) {
      at = end + 4;
      continue;
    }
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const rest = data.subarray(end + 4);
    const body = headers['transfer-encoding']?.includes('chunked') ? decodeChunked(rest) : rest.subarray(0, Number(headers['content-length'] ?? rest.length));
    return { status, headers, body };
  }
}

/**
 * Sends one request on a connection of its own (closed after the answer) and reads the answer. Written by
 * hand rather than through an HTTP client, which would refuse or repair most of what the fuzzer sends.
 */
export function send(port: number, req: RawRequest): Promise<RawResponse> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${answerTimeoutMs / 1000} s`));
    }, answerTimeoutMs);
    const finish = (err?: Error) => {
      clearTimeout(timer);
      const parsed = parseResponse(Buffer.concat(chunks));
      if (parsed) resolve({ ...parsed, ms: performance.now() - start });
      else reject(new Error(err ? `connection failed without an answer: ${err.message}` : 'connection closed without an answer'));
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer (413, 431) and close before it has read everything sent; the answer still counts.
    socket.on('error', (err) => finish(err));
    socket.on('close', () => finish());
    const hasLength = req.headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
    const headers: HeaderList = [
      ['host', `127.0.0.1:${port}`],
      ['connection', 'close'],
      ...(req.body && !hasLength ? [['content-length', String(req.body.length)] as [string, string]] : []),
    ];
    const head = `${req.method} ${req.path} HTTP/1.1\r\n${mergeHeaders(headers, req.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;
    socket.write(Buffer.from(head, 'latin1'));
    if (req.body) socket.write(req.body);
  });
}
