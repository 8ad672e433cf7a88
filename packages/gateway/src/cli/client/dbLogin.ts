import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiPaths, compilePath, type DatabaseCertificateJson } from '@portcullis/shared';
import type { Target } from './databases';
import { profileHome } from './profile';

/** Where a database's key, certificate and the gateway's database CA are kept: under the profile home, owner-only. */
export interface DatabaseCredentials {
  cert: string;
  key: string;
  ca: string;
}

/**
 * A client certificate for the target database on a key made here (P-256, which libpq and redis-cli read; the
 * private key never leaves this computer), written with the CA under the profile home. Rejects with the
 * gateway's reason when it will not sign one (a second factor per session, a protocol its listener does not serve).
 */
export async function loginDatabase(t: Target, ttl?: string): Promise<{ answer: DatabaseCertificateJson; files: DatabaseCredentials }> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const answer = await t.gateway.api.post<DatabaseCertificateJson>(compilePath(apiPaths.signDatabaseCertificate, { clusterId: t.cluster }), {
    database: t.database,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ...(ttl && { ttl }),
  });
  const dir = path.join(profileHome(), 'db', t.cluster, t.database);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = { cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem'), ca: path.join(dir, 'ca.pem') };
  const contents: Array<[string, string]> = [
    [files.key, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()],
    [files.cert, answer.certificate],
    [files.ca, answer.ca],
  ];
  for (const [file, text] of contents) {
    writeFileSync(file, text, { mode: 0o600 });
    // writeFileSync keeps the mode of a file that already exists; libpq refuses a key others may read.
    chmodSync(file, 0o600);
  }
  return { answer, files };
}

const hostAndPort = (addr: string) => ({ host: addr.slice(0, addr.lastIndexOf(':')).replace(/^\[(.*)\]$/, '$1'), port: addr.slice(addr.lastIndexOf(':') + 1) });

/** libpq's connection string for the database listener, verifying it against the gateway's database CA. */
export function libpqSettings(addr: string, files: DatabaseCredentials, who: { user?: string; name?: string }): string {
  const { host, port } = hostAndPort(addr);
  const settings = { host, port, sslmode: 'verify-full', sslcert: files.cert, sslkey: files.key, sslrootcert: files.ca, ...(who.user && { user: who.user }), ...(who.name && { dbname: who.name }) };
  return Object.entries(settings)
    .map(([k, v]) => `${k}=${/[\s'\\]/.test(v) || v === '' ? `'${v.replace(/['\\]/g, '\\$&')}'` : v}`)
    .join(' ');
}

/** redis-cli's arguments for the database listener. */
export function redisCliArgs(addr: string, files: DatabaseCredentials): string[] {
  const { host, port } = hostAndPort(addr);
  return ['--tls', '--cert', files.cert, '--key', files.key, '--cacert', files.ca, '-h', host, '-p', port];
}
