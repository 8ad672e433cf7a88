import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCertificateAuthority, issueServerCertificate, loadCertificateAuthority, type CertificateAuthority } from '../../../platform/x509/certificates';

/** What the Kubernetes listener serves with; `ca` is set when the gateway issued the certificate itself (kubeconfigs then trust it). */
export interface KubeListenerTls {
  cert: string;
  key: string;
  ca?: string;
}

/** The CA in `dir`, made on first use: ten years, kept with its key (owner-only) so each start can issue a fresh leaf. */
async function loadOrCreateCa(dir: string): Promise<CertificateAuthority & { pem: string }> {
  const certFile = path.join(dir, 'ca.pem');
  const keyFile = path.join(dir, 'ca.key');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const made = await createCertificateAuthority('CN=Portcullis Kubernetes proxy CA');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, made.key, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    writeFileSync(certFile, made.cert);
  }
  const pem = readFileSync(certFile, 'utf8');
  return { ...(await loadCertificateAuthority({ cert: pem, key: readFileSync(keyFile, 'utf8') })), pem };
}

/**
 * The certificate kubectl is served: the gateway's own when it has one (`tls`), else a leaf for `hosts` issued at
 * each start by the gateway's Kubernetes CA in `dataDir`, whose certificate `portcullis kube login` puts into the
 * kubeconfig. kubectl sends credentials only over TLS, so a gateway on plain HTTP still needs this listener.
 */
export async function kubeListenerTls(dataDir: string, hosts: string[], own?: { cert: string; key: string }): Promise<KubeListenerTls> {
  if (own) return { cert: readFileSync(own.cert, 'utf8'), key: readFileSync(own.key, 'utf8') };
  const ca = await loadOrCreateCa(path.join(dataDir, 'kubernetes'));
  return { ...(await issueServerCertificate(ca, hosts, Date.now())), ca: ca.pem };
}
