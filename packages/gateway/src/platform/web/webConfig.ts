import { makeWebConfig, type WebConfig } from '@portcullis/shared';
import type { GatewayConfig } from '../config/config';

/** Second-factor settings that allow WebAuthn, and with it passkeys. */
const webauthnModes = new Set(['webauthn', 'on', 'optional']);

/**
 * The console's config, auth settings and the rest, as served by /web/config.js: what this gateway's config
 * decides, with shared's defaults for the rest (SSO providers are not offered yet).
 */
export function webConfig(config: GatewayConfig): WebConfig {
  const mfa = config.auth.secondFactor;
  const webauthn = webauthnModes.has(mfa);
  return makeWebConfig({
    auth: {
      second_factor: mfa,
      allowPasswordless: webauthn,
      preferredLocalMfa: webauthn ? 'webauthn' : mfa === 'otp' ? 'otp' : '',
      // The login page leads with passkeys when the local connector is named so.
      localConnectorName: config.auth.connectorName === 'passwordless' ? 'passwordless' : '',
    },
    recoveryCodesEnabled: config.auth.recoveryCodes,
    proxyCluster: config.clusterName,
    ui: { scrollbackLines: config.ui.scrollbackLines },
  });
}
