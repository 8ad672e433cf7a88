import type { DatabaseCertificateJson, DatabaseJson, DatabaseServiceJson } from '@portcullis/shared';
import type { RoleSet } from '../../management/roles/roleset';
import type { DatabaseRecord } from './repo';
import { labelList } from '../lists/labels';

/** The host a database is reached at, as the console shows it (its URI's, without the port). */
export const databaseHostname = (uri: string): string => {
  try {
    return new URL(uri).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return '';
  }
};

/**
 * A database as the console lists it, with the database users and names the caller's roles grant on it (what
 * the connect dialog offers). '*' stays as given: any user or name the person types.
 */
export function presentDatabase(d: DatabaseRecord, roles: RoleSet) {
  return {
    name: d.name,
    desc: d.description,
    type: d.type,
    protocol: d.protocol,
    labels: labelList(d.labels),
    database_users: roles.principals('db_users').filter((user) => roles.canAccess('db', d.labels, user, d.id)),
    database_names: roles.principals('db_names'),
    hostname: databaseHostname(d.uri),
  } satisfies DatabaseJson;
}

/** An agent's database service: the label values each of its matchers accepts. */
export const presentDatabaseService = (s: { name: string; matchers: Record<string, string[]> }) =>
  ({ name: s.name, resource_matchers: [{ labels: s.matchers }] }) satisfies DatabaseServiceJson;

/** A database client certificate as `portcullis db login` receives it. */
export const presentDatabaseCertificate = (c: { certificate: string; ca: string; expiresAt: number; listenAddr: string }) =>
  ({ certificate: c.certificate, ca: c.ca, expires: new Date(c.expiresAt).toISOString(), listen_addr: c.listenAddr }) satisfies DatabaseCertificateJson;
