import { startAppsGateway, joinToken } from './fixtures';
import type { Client, TestGateway } from '../harness';

describe('install-app.sh', () => {
  let gw: TestGateway;
  let admin: Client;
  beforeAll(async () => ({ gw, admin } = await startAppsGateway()));
  afterAll(() => gw.close());

  test('installs the agent serving the named app, for a live token only', async () => {
    const token = await joinToken(admin);
    const res = await gw.anonymous().get<string>(`/scripts/${token}/install-app.sh?name=grafana&uri=${encodeURIComponent('http://127.0.0.1:3000')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/x-shellscript; charset=utf-8');
    expect(res.body).toMatch(/^ExecStart=\$BIN agent --gateway \$GATEWAY --token \$TOKEN --data-dir \$DATA_DIR --labels "\$LABELS" --app 'grafana=http:\/\/127\.0\.0\.1:3000'$/m);
    expect(res.body).toContain('this host will appear in the Servers list and its apps in Applications shortly.');
    expect((await gw.anonymous().get(`/scripts/${'0'.repeat(32)}/install-app.sh?name=grafana&uri=http://x`)).status).toBe(404);
  });

  test.each([
    ['name=Grafana&uri=http://x', 'query: app name "Grafana" must be a DNS label: lower-case letters, digits and -, at most 63'],
    [`name=a&uri=${encodeURIComponent('http://x/$(reboot)')}`, 'query.uri: uri must be http://HOST[:PORT], https://HOST[:PORT] or tcp://HOST:PORT'],
    ['name=pg&uri=tcp://db', 'query: app URI "tcp://db" must name a port: tcp://HOST:PORT'],
  ])('refuses %s', async (query, message) => {
    const res = await gw.anonymous().get(`/scripts/${await joinToken(admin)}/install-app.sh?${query}`);
    expect([res.status, res.body]).toEqual([400, { error: { message } }]);
  });
});
