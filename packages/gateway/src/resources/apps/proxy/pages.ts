import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** A page the app host answers with itself: why, in words for the person, and where to go next. */
export interface Page {
  status: number;
  title: string;
  message: string;
  link?: { href: string; text: string };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Pages are self-contained (no script, no outside resource), so the CSP can forbid everything but inline style. */
const headers = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

export function renderPage(page: Page): string {
  const link = page.link ? `<p><a href="${escape(page.link.href)}">${escape(page.link.text)}</a></p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>${escape(page.title)}</h1><p>${escape(page.message)}</p>${link}</body></html>
`;
}

export function sendPage(res: ServerResponse, page: Page, extra: Record<string, string | string[]> = {}): void {
  const body = renderPage(page);
  res.writeHead(page.status, { ...headers, ...extra, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The same page on a socket that asked for a websocket upgrade: a plain HTTP answer, then the socket closes. */
export function sendPageOnSocket(socket: Duplex, page: Page): void {
  const body = renderPage(page);
  const head = [`HTTP/1.1 ${page.status} ${STATUS_CODES[page.status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `content-length: ${Buffer.byteLength(body)}`, 'connection: close'];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
