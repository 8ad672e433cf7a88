import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServingCertificate {
  caPem: string;
  certPem: string;
  keyPem: string;
}

/**
 * A throwaway CA and a serving certificate it signs for 127.0.0.1 and localhost, made with openssl in a temporary
 * directory. kubectl verifies the server against certificate-authority-data, so the certificate must name the address
 * it dials (an IP SAN for 127.0.0.1) and come from a CA rather than be self-signed.
 */
export function makeServingCertificate(): ServingCertificate {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-kube-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    openssl(['req', '-x509', ...ecKey, '-days', '2', '-subj', '/CN=stand-in kube CA', '-keyout', file('ca.key'), '-out', file('ca.pem')]);
    openssl(['req', '-new', ...ecKey, '-subj', '/CN=stand-in kube-apiserver', '-keyout', file('key.pem'), '-out', file('server.csr')]);
    writeFileSync(file('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
    const signer = ['-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial'];
    openssl(['x509', '-req', '-in', file('server.csr'), ...signer, '-days', '2', '-extfile', file('ext.cnf'), '-out', file('cert.pem')]);
    return { caPem: readFileSync(file('ca.pem'), 'utf8'), certPem: readFileSync(file('cert.pem'), 'utf8'), keyPem: readFileSync(file('key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
