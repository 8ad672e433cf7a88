import type { KeyObject } from 'node:crypto';
import type { Store } from '../../../platform/storage/store';
import {
  certificateAlgorithm,
  createCertificateAuthority,
  issueServerCertificate,
  loadCertificateAuthority,
  randomSerialNumber,
  x509,
  type CertificateAuthority,
} from '../../../platform/x509/certificates';

/** Where the CA lives: in storage, so that every gateway of one database accepts what any of them issued. */
const metaKey = 'database_ca';
/** Backdating covers small clock differences between the gateway and the client. */
const clockSkewMs = 60_000;

/** The URIs a client certificate names its database and assumed access requests with (subject alternative names). */
const databaseUri = 'portcullis://db/';
const accessRequestUri = 'portcullis://access-request/';
/** When the user signed in to the web session a certificate was signed under (its renewals keep it). */
const signedInUri = 'portcullis://signed-in/';

/** What a database client certificate says, read back from one the TLS handshake verified. */
export interface DatabaseCertificateClaims {
  user: string;
  database: string;
  /** The access requests the web session had assumed when the certificate was issued. */
  accessRequestIds: string[];
  /** When the user signed in to the web session it was signed under: it is refused, and its sessions end, once that session has ended. */
  signedInAt: number;
  issuedAt: number;
  expiresAt: number;
  serial: string;
}

/**
 * The gateway's database certificate authority: it signs the short-lived client certificates `portcullis db
 * login` asks for, and the database listener's own certificate, so that one CA file (sslrootcert) lets clients
 * verify the listener and the listener verify them.
 */
export class DatabaseCertificateAuthority {
  private constructor(private readonly ca: CertificateAuthority) {}

  /** The CA kept in storage; the first gateway to need it makes it (ten years), and the others read that one. */
  static async loadOrCreate(store: Store): Promise<DatabaseCertificateAuthority> {
    if (!(await store.meta.get(metaKey))) {
      const made = await createCertificateAuthority('CN=Portcullis database CA');
      await store.db.insertInto('meta').values({ key: metaKey, value: JSON.stringify(made) }).onConflict((oc) => oc.column('key').doNothing()).execute();
    }
    return new DatabaseCertificateAuthority(await loadCertificateAuthority(JSON.parse((await store.meta.get(metaKey))!) as { cert: string; key: string }));
  }

  get pem(): string {
    return this.ca.cert.toString('pem');
  }

  /** A client certificate for `publicKey` (an SPKI PEM Node has read): its subject is the user, URIs name the database and the web session. */
  async issueClient(publicKey: KeyObject, claims: Omit<DatabaseCertificateClaims, 'serial'>): Promise<string> {
    const key = new x509.PublicKey(new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })));
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerialNumber(),
      subject: new x509.Name([{ CN: [claims.user] }]),
      issuer: this.ca.cert.subjectName,
      notBefore: new Date(claims.issuedAt - clockSkewMs),
      notAfter: new Date(claims.expiresAt),
      signingKey: this.ca.key,
      publicKey: key,
      signingAlgorithm: certificateAlgorithm,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
        new x509.SubjectAlternativeNameExtension([
          { type: 'url', value: databaseUri + encodeURIComponent(claims.database) },
          { type: 'url', value: signedInUri + String(claims.signedInAt) },
          ...claims.accessRequestIds.map((id) => ({ type: 'url' as const, value: accessRequestUri + encodeURIComponent(id) })),
        ]),
        await x509.AuthorityKeyIdentifierExtension.create(this.ca.cert),
      ],
    });
    return cert.toString('pem');
  }

  /** The listener's certificate and key, for the names clients reach it by; made at each start. */
  issueServer(hosts: string[], now: number): Promise<{ cert: string; key: string }> {
    return issueServerCertificate(this.ca, hosts, now);
  }
}

/**
 * What a client certificate the handshake verified against this CA says, or why it says nothing usable (one
 * this CA issued for something else, such as the listener's own).
 */
export function readClientCertificate(der: Buffer): DatabaseCertificateClaims | string {
  const cert = new x509.X509Certificate(new Uint8Array(der));
  const user = cert.subjectName.getField('CN')[0];
  const uris = cert.getExtension(x509.SubjectAlternativeNameExtension)?.names.items.filter((n) => n.type === 'url').map((n) => n.value) ?? [];
  const database = uris.find((u) => u.startsWith(databaseUri));
  if (!user || !database) return 'the client certificate names no user and database: get one with portcullis db login';
  const signedIn = uris.find((u) => u.startsWith(signedInUri));
  const signedInAt = Number(signedIn?.slice(signedInUri.length));
  if (!signedIn || !Number.isSafeInteger(signedInAt)) return 'the client certificate names no web session, which this gateway now requires: run portcullis db login again';
  return {
    user,
    database: decodeURIComponent(database.slice(databaseUri.length)),
    accessRequestIds: uris.filter((u) => u.startsWith(accessRequestUri)).map((u) => decodeURIComponent(u.slice(accessRequestUri.length))),
    signedInAt,
    issuedAt: cert.notBefore.getTime() + clockSkewMs,
    expiresAt: cert.notAfter.getTime(),
    serial: cert.serialNumber,
  };
}

/** The CA, read or made once on first use; a failed attempt (storage down) is tried again by the next caller. */
export function lazyDatabaseAuthority(store: Store): () => Promise<DatabaseCertificateAuthority> {
  let authority: Promise<DatabaseCertificateAuthority> | undefined;
  return () =>
    (authority ??= DatabaseCertificateAuthority.loadOrCreate(store).catch((err: unknown) => {
      authority = undefined;
      throw err;
    }));
}
