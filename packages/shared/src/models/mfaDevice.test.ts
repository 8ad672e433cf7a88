import { makeMfaDevice, makeRecoveryCodes, mfaDeviceDescription } from './mfaDevice';

test('device descriptions: Authenticator App, Hardware Key, unknown device', () => {
  expect(mfaDeviceDescription('TOTP')).toBe('Authenticator App');
  expect(mfaDeviceDescription('WebAuthn')).toBe('Hardware Key');
  expect(mfaDeviceDescription('carrier pigeon')).toBe('unknown device');
  expect(
    makeMfaDevice({ id: 'd1', name: 'yubi', type: 'WebAuthn', addedAt: '2026-01-01T00:00:00Z', lastUsed: '2026-01-02T00:00:00Z' }),
  ).toEqual({
    id: 'd1',
    name: 'yubi',
    description: 'Hardware Key',
    registeredDate: new Date('2026-01-01T00:00:00Z'),
    lastUsedDate: new Date('2026-01-02T00:00:00Z'),
  });
});

test('recovery codes', () => {
  expect(makeRecoveryCodes({ codes: ['a', 'b'], created: '2026-01-01T00:00:00Z' })).toEqual({
    codes: ['a', 'b'],
    createdDate: new Date('2026-01-01T00:00:00Z'),
    privateKeyPolicyEnabled: false,
  });
});
