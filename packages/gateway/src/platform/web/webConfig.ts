import { makeWebConfig, type AuthProvider, type WebConfig } from '@portcullis/shared';
import type { GatewayConfig } from '../config/config';

/** Second-factor settings that allow WebAuthn, and with it passkeys. */
const webauthnModes = new Set(['webauthn', 'on', 'optional']);

/**
 * The console's config, auth settings and the rest, as served by /web/config.js: what this gateway's config
 * decides, with shared's defaults for the rest. `providers` are the single sign-on connectors, one login button
 * each; authType stays local with them, so the login page keeps the password form and adds the buttons.
 */
export function webConfig(config: GatewayConfig, providers: AuthProvider[] = []): WebConfig {
  const mfa = config.auth.secondFactor;
  const webauthn = webauthnModes.has(mfa);
  return makeWebConfig({
    auth: {
      second_factor: mfa,
      allowPasswordless: webauthn,
      preferredLocalMfa: webauthn ? 'webauthn' : mfa === 'otp' ? 'otp' : '',
      // The login page leads with passkeys when the local connector is named so.
      localConnectorName: config.auth.connectorName === 'passwordless' ? 'passwordless' : '',
      providers,
    },
    recoveryCodesEnabled: config.auth.recoveryCodes,
    proxyCluster: config.clusterName,
    ui: { scrollbackLines: config.ui.scrollbackLines },
  });
}
