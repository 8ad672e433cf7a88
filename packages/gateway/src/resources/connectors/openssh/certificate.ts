import { randomBytes, sign, type KeyObject } from 'node:crypto';
import { sshString, sshUint32, sshUint64 } from './wire';

export const ed25519CertType = 'ssh-ed25519-cert-v01@openssh.com';
const userCertificate = 1;

/** What sshd allows a session to do; the usual set for an interactive user. */
export const defaultExtensions = ['permit-X11-forwarding', 'permit-agent-forwarding', 'permit-port-forwarding', 'permit-pty', 'permit-user-rc'];

export interface UserCertificateRequest {
  /** The user's public key: the raw 32-byte ed25519 key. */
  userKey: Buffer;
  /** The CA's key pair: private key object and its public SSH blob (`string "ssh-ed25519" string key`). */
  caKey: KeyObject;
  caPublicBlob: Buffer;
  /** Logins the certificate is good for (sshd matches the requested login against them). */
  principals: string[];
  /** Recorded by sshd in its log: who this was issued to. */
  keyId: string;
  validAfter: Date;
  validBefore: Date;
  serial?: bigint;
  extensions?: string[];
}

/**
 * Builds an OpenSSH user certificate (PROTOCOL.certkeys) for an ed25519 key, signed by an ed25519 CA.
 * Returns the certificate blob; certificateLine() turns it into the `-cert.pub` text form.
 */
export function buildUserCertificate(req: UserCertificateRequest): Buffer {
  const seconds = (d: Date) => BigInt(Math.floor(d.getTime() / 1000));
  // Extensions are name/data pairs sorted by name; these all carry empty data.
  const extensions = [...(req.extensions ?? defaultExtensions)].sort().map((name) => Buffer.concat([sshString(name), sshString('')]));
  const body = Buffer.concat([
    sshString(ed25519CertType),
    sshString(randomBytes(32)),
    sshString(req.userKey),
    sshUint64(req.serial ?? 0n),
    sshUint32(userCertificate),
    sshString(req.keyId),
    sshString(Buffer.concat(req.principals.map((p) => sshString(p)))),
    sshUint64(seconds(req.validAfter)),
    sshUint64(seconds(req.validBefore)),
    sshString(''), // critical options: none
    sshString(Buffer.concat(extensions)),
    sshString(''), // reserved
    sshString(req.caPublicBlob),
  ]);
  const signature = sign(null, body, req.caKey);
  return Buffer.concat([body, sshString(Buffer.concat([sshString('ssh-ed25519'), sshString(signature)]))]);
}

export const certificateLine = (blob: Buffer, comment: string): string => `${ed25519CertType} ${blob.toString('base64')} ${comment}\n`;
