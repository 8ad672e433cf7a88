import { parseConfig } from '../config/config';
import { webConfig } from './webConfig';

describe('the console config derived from the gateway config', () => {
  it.each([
    ['off', ''],
    ['otp', 'otp'],
    ['webauthn', 'webauthn'],
    ['on', 'webauthn'],
    ['optional', 'webauthn'],
  ] as const)('second factor %s prefers local MFA "%s"', (secondFactor, preferred) => {
    const auth = webConfig(parseConfig({ auth: { secondFactor } })).auth;
    expect([auth.second_factor, auth.preferredLocalMfa]).toEqual([secondFactor, preferred]);
  });
});
