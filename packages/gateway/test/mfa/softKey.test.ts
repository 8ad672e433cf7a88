import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { SoftKey } from './softKey';

const origin = 'https://gateway.example.com';
const rpID = 'gateway.example.com';

/** The soft key is only worth testing with if a WebAuthn library accepts what it signs. */
describe('the software security key', () => {
  it('registers and signs assertions that @simplewebauthn/server verifies, counting up', async () => {
    const key = new SoftKey();
    const creation = await generateRegistrationOptions({ rpName: 'Portcullis', rpID, userName: 'alice', userID: Buffer.from('alice'), attestationType: 'none' });
    const registered = await verifyRegistrationResponse({ response: key.create(creation as never, { origin }), expectedChallenge: creation.challenge, expectedOrigin: origin, expectedRPID: rpID });
    expect(registered.verified).toBe(true);
    const credential = registered.registrationInfo!.credential;
    expect(credential.id).toBe(key.credentialId);

    for (const expected of [1, 2]) {
      const request = await generateAuthenticationOptions({ rpID, allowCredentials: [{ id: key.credentialId }] });
      const asserted = await verifyAuthenticationResponse({ response: key.get(request as never, { origin }), expectedChallenge: request.challenge, expectedOrigin: origin, expectedRPID: rpID, credential });
      expect([asserted.verified, asserted.authenticationInfo.newCounter]).toEqual([true, expected]);
      credential.counter = asserted.authenticationInfo.newCounter;
    }
  });

  it('keeps the user handle only for a resident credential, and refuses options that allow none of its credentials', async () => {
    const creation = await generateRegistrationOptions({ rpName: 'Portcullis', rpID, userName: 'bob', userID: Buffer.from('bob') });
    const passkey = new SoftKey(0);
    passkey.create(creation as never, { origin, residentKey: true });
    const request = await generateAuthenticationOptions({ rpID });
    expect(passkey.get(request as never, { origin }).response.userHandle).toBe(Buffer.from('bob').toString('base64url'));
    expect(passkey.counter).toBe(0);
    const plain = new SoftKey();
    plain.create(creation as never, { origin });
    expect(() => plain.get(request as never, { origin })).toThrow(/NotAllowedError/);
  });
});
