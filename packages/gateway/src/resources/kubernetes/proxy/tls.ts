// @peculiar/x509 resolves its ASN.1 codecs through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as Crypto);

/** What the Kubernetes listener serves with; `ca` is set when the gateway issued the certificate itself (kubeconfigs then trust it). */
export interface KubeListenerTls {
  cert: string;
  key: string;
  ca?: string;
}

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const day = 86_400_000;

const pemKey = async (key: CryptoKey) =>
  `-----BEGIN PRIVATE KEY-----\n${Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;

async function importKey(pem: string): Promise<CryptoKey> {
  const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, algorithm, true, ['sign']);
}

/** The CA in `dir`, made on first use: ten years, kept with its key (owner-only) so each start can issue a fresh leaf. */
async function loadOrCreateCa(dir: string): Promise<{ cert: x509.X509Certificate; key: CryptoKey; pem: string }> {
  const certFile = path.join(dir, 'ca.pem');
  const keyFile = path.join(dir, 'ca.key');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const pem = readFileSync(certFile, 'utf8');
    return { cert: new x509.X509Certificate(pem), key: await importKey(readFileSync(keyFile, 'utf8')), pem };
  }
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex'),
    name: 'CN=Portcullis Kubernetes proxy CA',
    notBefore: new Date(now - day),
    notAfter: new Date(now + 3650 * day),
    keys,
    signingAlgorithm: algorithm,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(keyFile, await pemKey(keys.privateKey), { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  const pem = cert.toString('pem');
  writeFileSync(certFile, pem);
  return { cert, key: keys.privateKey, pem };
}

/**
 * The certificate kubectl is served: the gateway's own when it has one (`tls`), else a leaf for `hosts` issued at
 * each start by the gateway's Kubernetes CA in `dataDir`, whose certificate `portcullis kube login` puts into the
 * kubeconfig. kubectl sends credentials only over TLS, so a gateway on plain HTTP still needs this listener.
 */
export async function kubeListenerTls(dataDir: string, hosts: string[], own?: { cert: string; key: string }): Promise<KubeListenerTls> {
  if (own) return { cert: readFileSync(own.cert, 'utf8'), key: readFileSync(own.key, 'utf8') };
  const ca = await loadOrCreateCa(path.join(dataDir, 'kubernetes'));
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const now = Date.now();
  const names = [...new Set(hosts)].map((h) => (isIP(h) ? { type: 'ip' as const, value: h } : { type: 'dns' as const, value: h }));
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex'),
    subject: `CN=${hosts[0] ?? 'localhost'}`,
    issuer: ca.cert.subject,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 365 * day),
    signingKey: ca.key,
    publicKey: keys.publicKey,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  return { cert: leaf.toString('pem'), key: await pemKey(keys.privateKey), ca: ca.pem };
}
