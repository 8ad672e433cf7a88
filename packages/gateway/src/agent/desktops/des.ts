import { createCipheriv, getCiphers } from 'node:crypto';

/**
 * Single DES in ECB mode, which VNC Authentication is built on. OpenSSL 3 moved plain DES to its legacy
 * provider, which Node does not load, so `des-ecb` is usually missing; two-key triple DES (`des-ede-ecb`) is
 * still there, and with both keys equal it is single DES: encrypt, decrypt and encrypt again under one key
 * leave one encryption.
 */
const plainDes = getCiphers().includes('des-ecb');

/** Encrypts `data` (whole blocks) under the 8-byte `key`. */
export function desEncrypt(key: Buffer, data: Buffer): Buffer {
  if (key.length !== 8) throw new Error('a DES key is 8 bytes');
  if (data.length % 8 !== 0) throw new Error('DES in ECB mode encrypts whole 8-byte blocks');
  const cipher = plainDes ? createCipheriv('des-ecb', key, null) : createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}
