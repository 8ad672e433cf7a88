import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import ssh2 from 'ssh2';
import { readSshStrings, sshString } from './wire';

/** The raw 32-byte ed25519 public key inside a Node KeyObject (the last 32 bytes of its SPKI DER). */
export function rawEd25519Public(key: KeyObject): Buffer {
  const der = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32);
}

/** `string "ssh-ed25519" string key`: the public key as SSH puts it on the wire. */
export const ed25519PublicBlob = (key: KeyObject): Buffer => Buffer.concat([sshString('ssh-ed25519'), sshString(rawEd25519Public(key))]);

/** The authorized_keys / TrustedUserCAKeys line for a key. */
export const authorizedKeyLine = (key: KeyObject, comment: string): string => `ssh-ed25519 ${ed25519PublicBlob(key).toString('base64')} ${comment}\n`;

/** A key the gateway itself keeps (the CA): PKCS#8 PEM, which Node's crypto reads directly. */
export function newEd25519Pem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/**
 * A key handed to the OpenSSH client, which reads ed25519 private keys only in its own format; ssh2's
 * generator writes that format. It drops a public key's leading zero byte (about one key in 256 comes out
 * 31 bytes long, and unusable), so such a key is discarded and another generated.
 */
export function newOpenSshKeyPair(): { privateKey: string; publicKey: Buffer } {
  for (let attempt = 0; attempt < 16; attempt++) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519');
    const [, key] = readSshStrings(Buffer.from(pair.public.split(' ')[1] ?? '', 'base64'));
    if (key?.length === 32) return { privateKey: pair.private, publicKey: key };
  }
  throw new Error('ssh2 generated no whole ed25519 key in 16 attempts');
}

export const loadPrivateKey = (pem: string): KeyObject => createPrivateKey(pem);
