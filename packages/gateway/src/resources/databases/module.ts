import type { ResourceModule } from '../register';
import { WatchedConnections } from '../core/watchedConnections';
import { databaseAnnouncements, databaseServiceAnnouncements } from './announcements';
import { installDatabaseScriptRoute } from './installScript';
import { databasePlaybackRoutes } from './playback/routes';
import { databaseRepo } from './repo';
import { databaseRoutes } from './routes';
import { databaseServiceRepo } from './services';
import { databaseSocketRoutes } from './sockets';

/**
 * Databases: those agents announce (--db) and those enrolled from the console (served by agents' database
 * services), their list, install-database.sh, the two ways into a database (a client's protocol through
 * `portcullis proxy db`, and the browser's query console), and their sessions' playback.
 */
export const databasesModule: ResourceModule = (r) => {
  const databases = databaseRepo(r.gw.store);
  const services = databaseServiceRepo(r.gw.store);
  r.agents.acceptAnnouncements('db', databaseAnnouncements(databases));
  r.agents.acceptAnnouncements('db_service', databaseServiceAnnouncements(services));
  databaseRoutes(r.gw, databases, services);
  installDatabaseScriptRoute(r.gw);
  databasePlaybackRoutes(r.gw);
  databaseSocketRoutes({ gw: r.gw, databases, services, agents: r.agents, core: r.core, watched: new WatchedConnections(r.gw.locks, r.gw.now), log: r.app.log });
};
