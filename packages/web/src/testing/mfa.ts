import type {
  HeadlessRequestJson,
  MfaDeviceJson,
  RegisterChallengeJson,
  WebauthnResponseJson,
} from '@portcullis/shared';

/*
 * Second-factor answers the gateway's presenters (@portcullis/gateway/wire) cannot give these tests, typed with
 * the shared wire types: what the browser's WebAuthn hands back, and the few gateway answers noted below.
 */

/** What the browser's WebAuthn gives back for a key tap (an assertion) or a new key (a registration). */
export const assertionJson: WebauthnResponseJson = {
  id: 'Y3JlZC0x',
  rawId: 'Y3JlZC0x',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'YWxpY2U' },
  clientExtensionResults: {},
};
export const registrationJson: WebauthnResponseJson = {
  id: 'bmV3LWNyZWQ',
  rawId: 'bmV3LWNyZWQ',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'YXR0', transports: ['usb'] },
  clientExtensionResults: {},
};

/**
 * A key's register challenge (a passkey's asks for a resident key), shaped as @simplewebauthn/server makes it.
 * Typed here because the gateway's fixture needs WebCrypto's `supports`, which the console's jsdom lacks.
 */
export const keyRegisterChallengeJson = (passkey = false): RegisterChallengeJson => ({
  webauthn: {
    publicKey: {
      challenge: 'cmVnaXN0ZXItY2hhbGxlbmdl',
      rp: { name: 'Portcullis', id: 'localhost' },
      user: { id: 'YWxpY2U', name: 'alice', displayName: 'alice' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      authenticatorSelection: {
        residentKey: passkey ? 'required' : 'discouraged',
        userVerification: 'preferred',
      },
      timeout: 60000,
      attestation: 'none',
    },
  },
});

/** A device of a type this gateway never lists (another gateway's, or a future one's): the console must cope. */
export const unknownDeviceJson = (name: string): MfaDeviceJson => ({
  id: `id-${name}`,
  name,
  type: 'U2F-Legacy',
  addedAt: '2026-03-02T12:00:00Z',
  lastUsed: '2026-03-02T12:00:00Z',
  residentKey: false,
});

/** A headless request as GET /headless/{id} answers it (the gateway's presenter is not among its fixtures yet). */
export const headlessRequestJson = (
  state: HeadlessRequestJson['state'] = 'pending',
): HeadlessRequestJson => ({
  id: 'req-1',
  user: 'alice',
  client_ip_address: '203.0.113.7',
  state,
  expires: '2030-01-01T00:00:00Z',
});
