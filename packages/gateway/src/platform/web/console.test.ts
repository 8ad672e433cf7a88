import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startGateway, type TestGateway } from '../../../test/harness';

const assetSource = 'console.log("the console");\n'.repeat(64);

/** A built console in miniature: the real placeholders and one hashed asset with its compressed copies. */
function fakeConsole(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portcullis-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><meta name="grv_csrf_token" content="{{.XCSRF}}"><meta name="grv_bearer_token" content="{{.Session}}"><script src="/web/config.js"></script></head></html>',
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-3f2a9c.js'), assetSource);
  writeFileSync(path.join(dir, 'assets', 'index-3f2a9c.js.br'), brotliCompressSync(assetSource));
  writeFileSync(path.join(dir, 'assets', 'index-3f2a9c.js.gz'), gzipSync(assetSource));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

/** A GET that leaves the body as sent (fetch would decode it), with the given Accept-Encoding. */
const rawGet = (url: string, acceptEncoding: string) =>
  new Promise<{ encoding?: string; vary?: string; type?: string; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, type: res.headers['content-type'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

const meta = (html: string, name: string) => new RegExp(`name="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('the console under /web', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ config: { webDir: fakeConsole(), auth: { sessionTtl: '2h', inactivityTimeout: '15m' } } });
  });
  afterAll(() => gw.close());

  it('renders the index with a CSRF token matching its HttpOnly cookie and no bearer when signed out', async () => {
    const res = await fetch(`${gw.url}/web/cluster/localhost/nodes`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('grv_csrf='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(meta(html, 'grv_csrf_token')).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).toContain(`grv_csrf=${meta(html, 'grv_csrf_token')}`);
    expect(meta(html, 'grv_bearer_token')).toBe('');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('renders the bearer session when the session cookie is valid', async () => {
    const client = await gw.signIn({ roles: ['access'] });
    const res = await fetch(`${gw.url}/web`, { headers: { cookie: client.cookieHeader() } });
    const html = await res.text();
    expect(meta(html, 'grv_csrf_token')).toBe(client.csrf);
    const session = JSON.parse(Buffer.from(meta(html, 'grv_bearer_token')!, 'base64').toString('utf8'));
    expect(session).toMatchObject({ type: 'Bearer', token: client.session!.token, sessionInactiveTimeout: 15 * 60_000 });
    expect(session.expires_in).toBeLessThanOrEqual(2 * 3600);
    expect(session.expires_in).toBeGreaterThan(2 * 3600 - 60);
  });

  it('sends the security headers: CSP with frame-ancestors none, nosniff, referrer policy; no HSTS without TLS', async () => {
    const res = await fetch(`${gw.url}/web`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const api = await fetch(`${gw.url}/v1/webapi/ping`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await fetch(`${gw.url}/web/assets/index-3f2a9c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${gw.url}/web/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    // The raw template is never served with its placeholders.
    expect(await (await fetch(`${gw.url}/web/index.html`)).text()).not.toContain('{{.XCSRF}}');
  });

  it('serves the Brotli or gzip copy of an asset to a browser that accepts it, and the asset itself otherwise', async () => {
    const url = `${gw.url}/web/assets/index-3f2a9c.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.type).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(assetSource);
    const gz = await rawGet(url, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(assetSource);
    const plain = await rawGet(url, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(assetSource);
  });

  it('serves /web/config.js with the auth config and its defaults', async () => {
    const res = await fetch(`${gw.url}/web/config.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const text = await res.text();
    const config = JSON.parse(text.replace(/^window\.PORTCULLIS_CONFIG = /, '').replace(/;\n$/, ''));
    expect(config).toEqual({
      auth: {
        localAuthEnabled: true,
        allowPasswordless: false,
        localConnectorName: '',
        providers: [],
        second_factor: 'off',
        authType: 'local',
        preferredLocalMfa: '',
        privateKeyPolicy: 'none',
      },
      isEnterprise: false,
      isCloud: false,
      isDashboard: false,
      tunnelPublicAddress: '',
      recoveryCodesEnabled: false,
      isUsageBasedBilling: false,
      proxyCluster: 'localhost',
      ui: { scrollbackLines: 1000 },
      dateTimeFormat: 'YYYY-MM-DD HH:mm:ss',
      dateFormat: 'YYYY-MM-DD',
    });
  });

  it('answers /ping with the auth config, automatic_upgrades and proxy.assist_enabled', async () => {
    const body = await (await fetch(`${gw.url}/v1/webapi/ping`)).json();
    expect(body).toMatchObject({ auth: { second_factor: 'off', authType: 'local' }, automatic_upgrades: false, proxy: { assist_enabled: false } });
  });

  it('redirects / to /web', async () => {
    const res = await fetch(`${gw.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/web');
  });
});
