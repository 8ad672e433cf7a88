import { mapRoles, parseTrustedCluster, rootUrl, tunnelUrl } from './model';

const resource = (spec: string) => `kind: trusted_cluster
version: v2
metadata: { name: root.example.com }
spec:
${spec}`;

describe('the trusted cluster resource', () => {
  it('reads the root, its addresses, the token and the role map, enabled unless it says otherwise', () => {
    expect(parseTrustedCluster(resource('  token: "abc"\n  tunnel_addr: root.example.com:3080\n  web_proxy_addr: root.example.com:3080\n  role_map: [{ remote: access, local: [leaf-access, auditor] }]'))).toEqual({
      kind: 'trusted_cluster',
      version: 'v2',
      metadata: { name: 'root.example.com' },
      spec: { enabled: true, token: 'abc', tunnel_addr: 'root.example.com:3080', web_proxy_addr: 'root.example.com:3080', role_map: [{ remote: 'access', local: ['leaf-access', 'auditor'] }] },
    });
  });

  it('names the field at fault', () => {
    const base = '  token: "abc"\n  tunnel_addr: root:3080\n  web_proxy_addr: root:3080\n';
    expect(parseTrustedCluster(resource(`${base}  role_map: []`))).toEqual({ error: 'invalid trusted cluster: spec.role_map: spec.role_map must map at least one of the root cluster’s roles to a role of this cluster' });
    expect(parseTrustedCluster(resource(`${base}  role_map: [{ remote: access, local: [] }]`))).toEqual({ error: 'invalid trusted cluster: spec.role_map.0.local: each role_map entry maps to at least one local role' });
    expect(parseTrustedCluster(resource('  token: "abc"\n  tunnel_addr: "root 3080"\n  web_proxy_addr: root:3080\n  role_map: [{ remote: a, local: [b] }]'))).toEqual({
      error: 'invalid trusted cluster: spec.tunnel_addr: must be HOST:PORT (https is assumed), or http(s)://HOST:PORT',
    });
    expect(parseTrustedCluster('kind: role\n')).toEqual({ error: 'invalid trusted cluster: kind: kind must be trusted_cluster' });
    expect(parseTrustedCluster('kind: [')).toMatchObject({ error: expect.stringMatching(/^the trusted cluster is not valid YAML: /) });
  });
});

describe('addresses', () => {
  it('assumes https for an address without a scheme, and dials the tunnel with the web address’s scheme', () => {
    expect(rootUrl('root.example.com:3080').href).toBe('https://root.example.com:3080/');
    expect(tunnelUrl('root.example.com:3024', 'root.example.com:3080', '/v1/cluster/tunnel').href).toBe('wss://root.example.com:3024/v1/cluster/tunnel');
    expect(tunnelUrl('127.0.0.1:3990', 'http://127.0.0.1:3990', '/v1/cluster/tunnel').href).toBe('ws://127.0.0.1:3990/v1/cluster/tunnel');
    expect(tunnelUrl('http://127.0.0.1:3990', 'https://root:3080', '/v1/cluster/tunnel').href).toBe('ws://127.0.0.1:3990/v1/cluster/tunnel');
  });
});

describe('the role map', () => {
  const roleMap = [
    { remote: 'access', local: ['leaf-access'] },
    { remote: 'editor', local: ['leaf-admin', 'leaf-access'] },
    { remote: '*', local: ['leaf-viewer'] },
  ];

  it('gives each local role once, for every entry naming one of the user’s roles or *', () => {
    expect(mapRoles(roleMap, ['editor', 'access'])).toEqual(['leaf-access', 'leaf-admin', 'leaf-viewer']);
    expect(mapRoles(roleMap, ['auditor'])).toEqual(['leaf-viewer']);
    expect(mapRoles(roleMap.slice(0, 2), ['auditor'])).toEqual([]);
  });
});
