import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { apiPaths, compilePath, type DatabaseCertificateJson } from '@portcullis/shared';
import { certificateAlgorithm, loadCertificateAuthority, randomSerialNumber, x509 } from '../../src/platform/x509/certificates';
import type { Store } from '../../src/platform/storage/store';
import type { Client, Response } from '../harness';

const run = promisify(execFile);

/** A fresh P-256 key pair as PEM, as `portcullis db login` makes one. */
export function newClientKey(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return { publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

export const signPath = compilePath(apiPaths.signDatabaseCertificate, { clusterId: 'localhost' });

export const signDatabaseCertificate = (client: Client, body: Record<string, unknown>): Promise<Response<DatabaseCertificateJson & { error?: { message: string } }>> => client.post(signPath, body);

/** The files libpq and redis-cli read (key owner-only, as libpq insists), in a directory of their own. */
export function writeCredentials(files: { certificate: string; privateKey: string; ca: string }): { cert: string; key: string; ca: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-db-cert-'));
  const out = { cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem'), ca: path.join(dir, 'ca.pem') };
  writeFileSync(out.cert, files.certificate);
  writeFileSync(out.key, files.privateKey, { mode: 0o600 });
  writeFileSync(out.ca, files.ca);
  return out;
}

/** Signs a certificate for `database` as `client` and writes it with a fresh key; fails the test on anything but a 200. */
export async function certificateFor(client: Client, database: string): Promise<{ files: ReturnType<typeof writeCredentials>; answer: DatabaseCertificateJson }> {
  const key = newClientKey();
  const res = await signDatabaseCertificate(client, { database, publicKey: key.publicKey });
  if (res.status !== 200) throw new Error(`signing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { files: writeCredentials({ certificate: res.body.certificate, privateKey: key.privateKey, ca: res.body.ca }), answer: res.body };
}

/** psql on the database listener at `addr` with libpq's TLS settings `ssl`; resolves with its exit code and output. */
export async function psqlAt(addr: string, ssl: Record<string, string>, sql: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [host, port] = [addr.slice(0, addr.lastIndexOf(':')), addr.slice(addr.lastIndexOf(':') + 1)];
  const settings = { host, port, user: 'postgres', dbname: 'test', connect_timeout: '10', ...ssl };
  const conninfo = Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(' ');
  return run('psql', [conninfo, '-X', '-At', '-c', sql], { env: { PATH: process.env.PATH } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** libpq's settings for a certificate's files, verifying the listener as clients should. */
export const verifyFull = (files: { cert: string; key: string; ca: string }) => ({ sslmode: 'verify-full', sslcert: files.cert, sslkey: files.key, sslrootcert: files.ca });

/** A pg client on the database listener at `addr` with a certificate's files, connected; what the listener says when it ends the session is collected in `errors`. */
export async function pgClientAt(addr: string, files: { cert: string; key: string; ca: string }): Promise<{ client: pg.Client; errors: string[] }> {
  const [host, port] = [addr.slice(0, addr.lastIndexOf(':')), addr.slice(addr.lastIndexOf(':') + 1)];
  const read = (file: string) => readFileSync(file, 'utf8');
  const client = new pg.Client({ host, port: Number(port), user: 'postgres', database: 'test', ssl: { cert: read(files.cert), key: read(files.key), ca: read(files.ca), servername: host } });
  const errors: string[] = [];
  client.on('error', (err) => errors.push(err.message));
  await client.connect();
  return { client, errors };
}

/**
 * A certificate from the gateway's database CA as /sign/db made them before they named the web session they
 * were signed under: the user and the database only, for an hour.
 */
export async function certificateWithoutWebSession(store: Store, user: string, database: string, publicKeyPem: string): Promise<string> {
  const ca = await loadCertificateAuthority(JSON.parse((await store.meta.get('database_ca'))!) as { cert: string; key: string });
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerialNumber(),
    subject: new x509.Name([{ CN: [user] }]),
    issuer: ca.cert.subjectName,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 3_600_000),
    signingKey: ca.key,
    publicKey: new x509.PublicKey(new Uint8Array(createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }))),
    signingAlgorithm: certificateAlgorithm,
    extensions: [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]), new x509.SubjectAlternativeNameExtension([{ type: 'url', value: `portcullis://db/${database}` }])],
  });
  return cert.toString('pem');
}
