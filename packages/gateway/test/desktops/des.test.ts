import { desEncrypt } from '../../src/agent/desktops/des';
import { vncAuthResponse } from '../../src/agent/desktops/vncAuth';

const hex = (s: string) => Buffer.from(s, 'hex');

describe('DES', () => {
  test.each([
    // The textbook worked example (key 133457799BBCDFF1), and known answers of NIST SP 800-17's variable plaintext and key tests.
    ['133457799bbcdff1', '0123456789abcdef', '85e813540f0ab405'],
    ['0101010101010101', '8000000000000000', '95f8a5e5dd31d900'],
    ['8001010101010101', '0000000000000000', '95a8d72813daa94d'],
  ])('key %s encrypts %s to %s', (key, plain, cipher) => {
    expect(desEncrypt(hex(key), hex(plain)).toString('hex')).toBe(cipher);
  });

  test('encrypts several blocks independently (ECB) and refuses partial blocks and short keys', () => {
    const key = hex('133457799bbcdff1');
    expect(desEncrypt(key, hex('0123456789abcdef0123456789abcdef')).toString('hex')).toBe('85e813540f0ab40585e813540f0ab405');
    expect(() => desEncrypt(key, hex('0123'))).toThrow('DES in ECB mode encrypts whole 8-byte blocks');
    expect(() => desEncrypt(hex('0123'), hex('0123456789abcdef'))).toThrow('a DES key is 8 bytes');
  });
});

describe('VNC Authentication', () => {
  test("keys DES with the password's bytes bit-reversed, zero-padded and cut at 8", () => {
    const challenge = hex('00112233445566778899aabbccddeeff');
    // vncpasswd's fixed key 23,82,107,6,35,78,88,7 is, bit-reversed, the DES key e84ad660c4721ae0.
    expect(vncAuthResponse(String.fromCharCode(23, 82, 107, 6, 35, 78, 88, 7), challenge)).toEqual(desEncrypt(hex('e84ad660c4721ae0'), challenge));
    // "ab": 0x61 0x62 reversed are 0x86 0x46, then zeros; only the first 8 characters count.
    expect(vncAuthResponse('ab', challenge)).toEqual(desEncrypt(hex('8646000000000000'), challenge));
    expect(vncAuthResponse('abcdefghXYZ', challenge)).toEqual(vncAuthResponse('abcdefgh', challenge));
  });
});
