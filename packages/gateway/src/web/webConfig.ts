import type { GatewayConfig } from '../config/config';

/**
 * The console's config (spec §3, "Auth config" and "Other config"), as served by /web/config.js and the
 * auth part of /ping. Values the gateway does not offer yet (SSO providers, passwordless) are off.
 */
export function webConfig(config: GatewayConfig) {
  return {
    auth: {
      localAuthEnabled: true,
      allowPasswordless: false,
      localConnectorName: '',
      providers: [] as unknown[],
      second_factor: config.auth.secondFactor,
      authType: 'local',
      preferredLocalMfa: config.auth.secondFactor === 'otp' ? 'otp' : config.auth.secondFactor === 'off' ? '' : 'webauthn',
      privateKeyPolicy: 'none',
    },
    isEnterprise: false,
    isCloud: false,
    isDashboard: false,
    tunnelPublicAddress: '',
    recoveryCodesEnabled: false,
    isUsageBasedBilling: false,
    proxyCluster: config.clusterName,
    ui: { scrollbackLines: config.ui.scrollbackLines },
    dateTimeFormat: 'yyyy-MM-dd HH:mm:ss',
    dateFormat: 'yyyy-MM-dd',
  };
}
