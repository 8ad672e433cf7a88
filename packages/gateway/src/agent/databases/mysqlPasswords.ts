import { createHash, publicEncrypt, constants } from 'node:crypto';

const hash = (algorithm: string, ...parts: Buffer[]) => {
  const h = createHash(algorithm);
  for (const part of parts) h.update(part);
  return h.digest();
};

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.allocUnsafe(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ b[i % b.length]!;
  return out;
}

/** mysql_native_password's answer: SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password))); nothing for no password. */
export function nativePasswordToken(password: string, scramble: Buffer): Buffer {
  if (!password) return Buffer.alloc(0);
  const stage1 = hash('sha1', Buffer.from(password));
  return xor(stage1, hash('sha1', scramble, hash('sha1', stage1)));
}

/** caching_sha2_password's fast answer: SHA256(password) XOR SHA256(SHA256(SHA256(password)) + scramble). */
export function cachingSha2Token(password: string, scramble: Buffer): Buffer {
  if (!password) return Buffer.alloc(0);
  const stage1 = hash('sha256', Buffer.from(password));
  return xor(stage1, hash('sha256', hash('sha256', stage1), scramble));
}

/**
 * caching_sha2_password's full authentication without TLS: the NUL-terminated password, XORed with the
 * scramble, encrypted with the server's RSA public key (OAEP, as servers since MySQL 8.0.5 expect).
 */
export function rsaPasswordToken(password: string, scramble: Buffer, publicKeyPem: string): Buffer {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING },
    xor(Buffer.from(`${password}\0`), scramble),
  );
}
