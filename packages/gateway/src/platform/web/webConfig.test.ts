import { primaryAuthType } from '@portcullis/shared';
import { parseConfig } from '../config/config';
import { webConfig } from './webConfig';

describe('the console config derived from the gateway config', () => {
  it.each([
    ['off', '', false],
    ['otp', 'otp', false],
    ['webauthn', 'webauthn', true],
    ['on', 'webauthn', true],
    ['optional', 'webauthn', true],
  ] as const)('second factor %s prefers local MFA "%s" and allows passwordless: %s', (secondFactor, preferred, passwordless) => {
    const auth = webConfig(parseConfig({ auth: { secondFactor } })).auth;
    expect([auth.second_factor, auth.preferredLocalMfa, auth.allowPasswordless]).toEqual([secondFactor, preferred, passwordless]);
  });

  it('leads the login page with passkeys when the local connector is passwordless, and says whether recovery codes are issued', () => {
    const plain = webConfig(parseConfig({}));
    expect([plain.auth.localConnectorName, primaryAuthType(plain), plain.recoveryCodesEnabled]).toEqual(['', 'local', false]);
    const passwordless = webConfig(parseConfig({ auth: { secondFactor: 'webauthn', connectorName: 'passwordless', recoveryCodes: true } }));
    expect([passwordless.auth.localConnectorName, primaryAuthType(passwordless), passwordless.recoveryCodesEnabled]).toEqual(['passwordless', 'passwordless', true]);
  });
});
