import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, type KeyObject } from 'node:crypto';
import { buildUserCertificate, certificateLine } from './certificate';
import { authorizedKeyLine, ed25519PublicBlob, loadPrivateKey, newEd25519Pem, newOpenSshKeyPair } from './keys';

/** How long an issued user certificate is good for: it is only needed while the session authenticates. */
export const userCertificateTtlMs = 5 * 60_000;
/** Backdating covers small clock differences between the gateway and the host. */
const clockSkewMs = 60_000;

export interface IssuedCertificate {
  /** The fresh private key the certificate is for, in OpenSSH's format. */
  privateKey: string;
  /** The `-cert.pub` line. */
  certificate: string;
  validBefore: Date;
}

/**
 * The gateway's SSH user certificate authority: one ed25519 key kept in the data directory (mode 0600).
 * Hosts trust it with `TrustedUserCAKeys`; publicKeyLine is what goes into that file.
 */
export class UserCertificateAuthority {
  private constructor(private readonly key: KeyObject) {}

  static loadOrCreate(dataDir: string): UserCertificateAuthority {
    const file = path.join(dataDir, 'ssh-user-ca.pem');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, newEd25519Pem(), { mode: 0o600, flag: 'wx' });
    }
    return new UserCertificateAuthority(loadPrivateKey(readFileSync(file, 'utf8')));
  }

  get publicKeyLine(): string {
    return authorizedKeyLine(this.key, 'portcullis-user-ca');
  }

  /** A fresh key pair and a certificate for it, valid for `login` only, for userCertificateTtlMs. */
  issue(login: string, keyId: string, now = new Date()): IssuedCertificate {
    const { privateKey, publicKey } = newOpenSshKeyPair();
    const validBefore = new Date(now.getTime() + userCertificateTtlMs);
    const blob = buildUserCertificate({
      userKey: publicKey,
      caKey: this.key,
      caPublicBlob: ed25519PublicBlob(this.key),
      principals: [login],
      keyId,
      validAfter: new Date(now.getTime() - clockSkewMs),
      validBefore,
      serial: randomBytes(8).readBigUInt64BE(0),
    });
    return { privateKey, certificate: certificateLine(blob, keyId), validBefore };
  }
}
