import { desEncrypt } from './des';

/**
 * VNC Authentication's answer to the server's 16-byte challenge: the challenge DES-encrypted with the password
 * as the key. The key is the password's first 8 bytes, zero-padded, each byte's bits reversed (the original
 * implementation fed DES its key least significant bit first, and every server since expects the same).
 */
export function vncAuthResponse(password: string, challenge: Buffer): Buffer {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  for (let i = 0; i < 8; i++) key[i] = reverseBits(key[i]!);
  return desEncrypt(key, challenge);
}

const reverseBits = (b: number): number => {
  let out = 0;
  for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) out |= 1 << (7 - bit);
  return out;
};
