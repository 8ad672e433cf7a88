import type { Identity } from '../../platform/access/identity';
import type { DatabaseRecord } from './repo';

/**
 * Why the user may not reach the database at all (its labels), or undefined when some role's db_labels match
 * it and no deny rule does. Lists and the console's connect dialog ask this; a session asks databaseRefusal.
 */
export function databaseListRefusal(identity: Identity, db: Pick<DatabaseRecord, 'id' | 'name' | 'labels'>): string | undefined {
  return identity.roles.canAccess('db', db.labels, undefined, db.id) ? undefined : `your roles' db_labels do not match database ${db.name}`;
}

/**
 * Why the user may not open a session on the database as `dbUser` on `dbName`, in words they can act on, or
 * undefined when one role matching the database grants both (db_users and db_names) and no deny names either.
 */
export function databaseRefusal(identity: Identity, db: Pick<DatabaseRecord, 'id' | 'name' | 'labels'>, dbUser: string, dbName: string): string | undefined {
  const roles = identity.roles;
  const unreachable = databaseListRefusal(identity, db);
  if (unreachable) return unreachable;
  if (roles.canAccessDatabase(db.labels, dbUser, dbName, db.id)) return undefined;
  if (!roles.canAccess('db', db.labels, dbUser, db.id)) return `your roles do not allow database user "${dbUser}" on database ${db.name} (db_users)`;
  return `your roles do not allow database name "${dbName}" on database ${db.name} as "${dbUser}" (db_names)`;
}

/** The fields naming a database in its session events. */
export const databaseAuditFields = (db: Pick<DatabaseRecord, 'name' | 'protocol' | 'uri'>, dbUser: string, dbName: string): Record<string, string> => ({
  db_service: db.name,
  db_protocol: db.protocol,
  db_uri: db.uri,
  db_user: dbUser,
  db_name: dbName,
});
