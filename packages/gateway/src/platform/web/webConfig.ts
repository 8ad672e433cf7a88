import { makeWebConfig, type WebConfig } from '@portcullis/shared';
import type { GatewayConfig } from '../config/config';

/**
 * The console's config, auth settings and the rest, as served by /web/config.js: what
 * this gateway's config decides, with shared's defaults for the rest (SSO providers and passwordless are
 * not offered yet).
 */
export function webConfig(config: GatewayConfig): WebConfig {
  const mfa = config.auth.secondFactor;
  return makeWebConfig({
    auth: { second_factor: mfa, preferredLocalMfa: mfa === 'otp' ? 'otp' : mfa === 'off' ? '' : 'webauthn' },
    proxyCluster: config.clusterName,
    ui: { scrollbackLines: config.ui.scrollbackLines },
  });
}
