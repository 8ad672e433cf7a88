import type { X509Certificate } from 'node:crypto';
import { readClientCertificate, type DatabaseCertificateClaims } from './authority';

/**
 * What the client certificate a TLS handshake presented says, once it is known to be the database CA's and in
 * force; otherwise why it is refused. The handshake itself proved the client holds the certificate's key; this
 * checks whose certificate it is (the listener asks for one without letting TLS refuse it, so that the refusal
 * reaches the client in its own protocol).
 */
export function verifyClientCertificate(peer: X509Certificate | undefined, ca: X509Certificate, now: number, howToConnect: string): DatabaseCertificateClaims | string {
  if (!peer) return `no client certificate: ${howToConnect}`;
  if (!peer.checkIssued(ca) || !peer.verify(ca.publicKey)) return `the client certificate was not issued by this gateway: ${howToConnect}`;
  if (Date.parse(peer.validTo) <= now) return 'the client certificate has expired: run portcullis db login again';
  if (Date.parse(peer.validFrom) > now) return 'the client certificate is not valid yet: check this computer’s clock';
  return readClientCertificate(peer.raw);
}
