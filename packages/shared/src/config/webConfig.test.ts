import { makeWebConfig, primaryAuthType } from './webConfig';

test('an empty config gets every spec §3 default', () => {
  expect(makeWebConfig(undefined)).toEqual({
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

test('given values win over defaults, and partial objects keep the rest of their defaults', () => {
  const config = makeWebConfig({ auth: { second_factor: 'webauthn' }, proxyCluster: 'prod', ui: {} });
  expect(config.auth.second_factor).toBe('webauthn');
  expect(config.auth.authType).toBe('local');
  expect(config.proxyCluster).toBe('prod');
  expect(config.ui.scrollbackLines).toBe(1000);
});

test('a field of the wrong type is rejected, naming it', () => {
  expect(() => makeWebConfig({ isCloud: 'yes' })).toThrow(/isCloud/);
});

test('primary auth type: passwordless, then local, then sso', () => {
  expect(primaryAuthType(makeWebConfig({ auth: { localConnectorName: 'passwordless', authType: 'local' } }))).toBe('passwordless');
  expect(primaryAuthType(makeWebConfig({ auth: { authType: 'local' } }))).toBe('local');
  expect(primaryAuthType(makeWebConfig({ auth: { authType: 'oidc' } }))).toBe('sso');
});
