import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const metaContent = (html: string, name: string) =>
  html.match(new RegExp(`<meta name="${name}" content="([^"]*)"`))?.[1] ?? '';

/**
 * In development the console page must carry what the gateway puts in it (a CSRF token with its cookie, and
 * the bearer session when signed in), or every state-changing call is refused. So each page load asks the
 * running gateway to render the same path, takes over its two meta tags and cookies, and serves Vite's own
 * page (with hot reload) around them.
 */
export function gatewayBootstrap(gateway: string): Plugin {
  return {
    name: 'portcullis-gateway-bootstrap',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? '';
        const isPage = req.method === 'GET' && /^\/web(\/|$)/.test(url) && (req.headers.accept ?? '').includes('text/html');
        if (!isPage) return next();
        try {
          const rendered = await fetch(`${gateway}${url}`, { headers: { cookie: req.headers.cookie ?? '', accept: 'text/html' } });
          const page = await rendered.text();
          const template = await server.transformIndexHtml(url, readFileSync(new URL('../index.html', import.meta.url), 'utf8'));
          const html = template
            .replace('{{.XCSRF}}', metaContent(page, 'grv_csrf_token'))
            .replace('{{.Session}}', metaContent(page, 'grv_bearer_token'));
          const cookies = rendered.headers.getSetCookie();
          if (cookies.length) res.setHeader('Set-Cookie', cookies);
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(html);
        } catch (err) {
          next(new Error(`could not reach the gateway at ${gateway} (start one with make start, or set PORTCULLIS_GATEWAY): ${String(err)}`));
        }
      });
    },
  };
}
