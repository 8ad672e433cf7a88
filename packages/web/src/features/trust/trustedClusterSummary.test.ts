import { newTrustedClusterTemplate } from './newTrustedClusterTemplate';
import { trustedClusterSummary } from './trustedClusterSummary';

test('the template is enabled and names the root’s web address', () => {
  expect(trustedClusterSummary(newTrustedClusterTemplate)).toEqual({
    enabled: true,
    webProxyAddr: 'root.example.com:3080',
  });
});

test('reads a trusted cluster as the gateway stores and returns it, its token replaced once used', () => {
  const stored = [
    'kind: trusted_cluster',
    'version: v2',
    'metadata:',
    '  name: root.example.com',
    'spec:',
    '  enabled: false',
    '  token: "(used: the root issued this cluster an identity)"',
    '  tunnel_addr: root.example.com:3024',
    '  web_proxy_addr: https://root.example.com',
    '  role_map:',
    '    - remote: access',
    '      local:',
    '        - leaf-access',
    '',
  ].join('\n');
  expect(trustedClusterSummary(stored)).toEqual({ enabled: false, webProxyAddr: 'https://root.example.com' });
});

test('reads quoted values, trailing comments and other indentations', () => {
  const yaml = [
    'kind: trusted_cluster',
    'metadata:',
    '    name: root',
    'spec:',
    '    # paused while the root moves',
    '    enabled: False   # back on Monday',
    '    web_proxy_addr: "https://root.example.com:443"',
    '    role_map:',
    '      - remote: "*"',
    '        local: [access]',
  ].join('\r\n');
  expect(trustedClusterSummary(yaml)).toEqual({
    enabled: false,
    webProxyAddr: 'https://root.example.com:443',
  });
});

test('only fields directly under spec count', () => {
  const yaml = [
    'metadata:',
    '  web_proxy_addr: not-this',
    '  enabled: false',
    'spec:',
    '  tunnel_addr: root:3024',
    '  role_map:',
    '    - remote: admin',
    '      enabled: false',
    '  web_proxy_addr: root:3080',
    'status:',
    '  enabled: false',
  ].join('\n');
  expect(trustedClusterSummary(yaml)).toEqual({ enabled: true, webProxyAddr: 'root:3080' });
});

// As in the gateway, a trusted cluster that does not say otherwise is enabled; an address it does not give is blank.
test('a spec without the fields is enabled, with no address', () => {
  expect(trustedClusterSummary('kind: trusted_cluster\nspec:\n  token: t\n')).toEqual({
    enabled: true,
    webProxyAddr: '',
  });
});
