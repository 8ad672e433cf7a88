// @peculiar/x509 resolves its ASN.1 codecs through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { createPrivateKey, KeyObject, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as Crypto);

export { x509 };

/** Every key and signature the gateway's certificate authorities make: ECDSA on P-256 with SHA-256. */
export const certificateAlgorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const day = 86_400_000;

/** A certificate authority in memory: its certificate, and its key, able to sign only. */
export interface CertificateAuthority {
  cert: x509.X509Certificate;
  key: CryptoKey;
}

/** 16 random bytes, the first one's top bit clear: a serial number is a positive integer. */
export function randomSerialNumber(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = bytes[0]! & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

export const pkcs8Pem = (key: CryptoKey) => KeyObject.from(key).export({ type: 'pkcs8', format: 'pem' }).toString();

/** A kept CA (its certificate and PKCS#8 key, both PEM) ready to sign with. */
export async function loadCertificateAuthority(kept: { cert: string; key: string }): Promise<CertificateAuthority> {
  const der = createPrivateKey(kept.key).export({ type: 'pkcs8', format: 'der' });
  return { cert: new x509.X509Certificate(kept.cert), key: await webcrypto.subtle.importKey('pkcs8', der, certificateAlgorithm, false, ['sign']) };
}

/** A new CA named `name` (e.g. CN=Portcullis database CA), valid ten years, as PEM to keep. */
export async function createCertificateAuthority(name: string): Promise<{ cert: string; key: string }> {
  const keys = await webcrypto.subtle.generateKey(certificateAlgorithm, true, ['sign', 'verify']);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerialNumber(),
    name,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 3650 * day),
    keys,
    signingAlgorithm: certificateAlgorithm,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  return { cert: cert.toString('pem'), key: pkcs8Pem(keys.privateKey) };
}

/** A listener's certificate and new key for the names clients reach it by (IP addresses as such), valid a year. */
export async function issueServerCertificate(ca: CertificateAuthority, hosts: string[], now: number): Promise<{ cert: string; key: string }> {
  const keys = await webcrypto.subtle.generateKey(certificateAlgorithm, true, ['sign', 'verify']);
  const names = [...new Set(hosts)].map((h) => (isIP(h) ? { type: 'ip' as const, value: h } : { type: 'dns' as const, value: h }));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject: new x509.Name([{ CN: [hosts[0] ?? 'localhost'] }]),
    issuer: ca.cert.subjectName,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 365 * day),
    signingKey: ca.key,
    publicKey: keys.publicKey,
    signingAlgorithm: certificateAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  return { cert: cert.toString('pem'), key: pkcs8Pem(keys.privateKey) };
}
