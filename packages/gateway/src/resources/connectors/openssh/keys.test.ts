import ssh2 from 'ssh2';
import { newOpenSshKeyPair } from './keys';

describe('newOpenSshKeyPair', () => {
  // ssh2 drops a leading zero byte of about one public key in 256; 2,000 keys meet such a key almost surely
  // (the chance of none is below 0.0001), so this fails if the short keys were not replaced.
  test('every key is a whole 32-byte ed25519 key whose private half OpenSSH can read', () => {
    for (let i = 0; i < 2000; i++) {
      const { privateKey, publicKey } = newOpenSshKeyPair();
      expect(publicKey).toHaveLength(32);
      const parsed = ssh2.utils.parseKey(privateKey);
      if (parsed instanceof Error) throw parsed;
      expect(parsed.getPublicSSH().subarray(-32)).toEqual(publicKey);
    }
  });
});
