import { gatewayDatabases } from '@portcullis/console-kit';
import { compilePath, type Database, webRoutes } from '@portcullis/shared';
import { gateway } from '../../client';

/** The cluster's databases as this tab's user sees them. Made once: a DatabaseList given a new list function starts again. */
export const databasesService = gatewayDatabases(gateway);

/** The query console on `database` in a new tab; noopener, since the console needs no handle on this page. */
export const openConsoleTab = (
  clusterId: string,
  database: Database,
  login: { dbUser: string; dbName: string },
) =>
  void window.open(
    compilePath(webRoutes.consoleDatabase, { clusterId, database: database.name, ...login }),
    '_blank',
    'noopener',
  );
