import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../config/config';
import { createGateway, type GatewayServer } from '../server/app';
import { testPasswordHashing } from '../../../test/harness';

/** GET over HTTPS trusting the test's self-signed certificate. */
function get(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    request(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the gateway with a certificate and key', () => {
  let dir: string;
  let server: GatewayServer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portcullis-tls-'));
    const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    writeFileSync(path.join(dir, 'index.html'), '<meta name="grv_csrf_token" content="{{.XCSRF}}">');
    server = await createGateway(parseConfig({ dataDir: dir, webDir: dir, kubernetes: { listen: '127.0.0.1:0' }, databases: { listen: '127.0.0.1:0' }, logLevel: 'silent', tls: { cert, key }, auth: { passwordHashing: testPasswordHashing } }));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves HTTPS with HSTS, a Secure CSRF cookie and an https public URL', async () => {
    const url = await server.listen('127.0.0.1', 0);
    expect(url).toMatch(/^https:\/\/localhost:\d+$/);
    const port = new URL(url).port;
    const res = await get(`https://127.0.0.1:${port}/web`);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const ping = await get(`https://127.0.0.1:${port}/v1/webapi/ping`);
    expect(ping.status).toBe(200);
    expect(ping.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/grv_csrf=[0-9a-f]{64}.*Secure/i);
  });
});
