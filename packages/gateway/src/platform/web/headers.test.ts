import { appFormTargets } from './headers';

describe('where the console page may post forms (the launcher hands an app its cookie by a form post)', () => {
  it('allows every subdomain of the public host, on its port', () => {
    expect(appFormTargets('http://localhost:3080', '/web/cluster/localhost/apps')).toEqual(['http://*.localhost:3080']);
    expect(appFormTargets('https://portcullis.example.com', '/web')).toEqual(['https://*.portcullis.example.com']);
  });

  it('on a launcher page, also the public address its path names', () => {
    expect(appFormTargets('https://gw.example.com', '/web/launch/grafana.corp.net/main/grafana.corp.net%3A8443?path=/d')).toEqual([
      'https://*.gw.example.com',
      'https://grafana.corp.net:8443',
    ]);
    expect(appFormTargets('https://gw.example.com', '/web/launch/grafana.corp.net')).toEqual(['https://*.gw.example.com', 'https://grafana.corp.net:*']);
  });

  it('never lets a launcher path widen the policy beyond one host', () => {
    for (const path of ['/web/launch/x/main/*', '/web/launch/x/main/a.com%20https:', "/web/launch/x/main/a.com;script-src 'unsafe-inline'", '/web/launch/*']) {
      expect(appFormTargets('http://localhost:3080', path)).toEqual(['http://*.localhost:3080']);
    }
  });
});
