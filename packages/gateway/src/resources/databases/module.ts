import type { ResourceModule } from '../register';
import { databaseAnnouncements, databaseServiceAnnouncements } from './announcements';
import { lazyDatabaseAuthority } from './certificates/authority';
import { signDatabaseCertificateRoute } from './certificates/sign';
import { installDatabaseScriptRoute } from './installScript';
import { startDatabaseListener, type DatabaseListener } from './listener/listener';
import { databasePlaybackRoutes } from './playback/routes';
import { databaseRepo } from './repo';
import { databaseRoutes } from './routes';
import { databaseServiceRepo } from './services';
import type { DatabaseSessionDeps } from './session/pipeline';
import { databaseSocketRoutes } from './sockets';

/**
 * Databases: those agents announce (--db) and those enrolled from the console (served by agents' database
 * services), their list, install-database.sh, the three ways into a database (a client's protocol through
 * `portcullis proxy db`, the same directly on the database listener with a certificate from `/sign/db`, and the
 * browser's query console), and their sessions' playback.
 */
export const databasesModule: ResourceModule = (r) => {
  const databases = databaseRepo(r.gw.store);
  const services = databaseServiceRepo(r.gw.store);
  const sessions: DatabaseSessionDeps = { gw: r.gw, databases, services, agents: r.agents, core: r.core, watched: r.watched, log: r.app.log };
  const authority = lazyDatabaseAuthority(r.gw.store);
  let listener: DatabaseListener | undefined;
  r.agents.acceptAnnouncements('db', databaseAnnouncements(databases));
  r.agents.acceptAnnouncements('db_service', databaseServiceAnnouncements(services));
  databaseRoutes(r.gw, databases, services);
  installDatabaseScriptRoute(r.gw);
  databasePlaybackRoutes(r.gw);
  databaseSocketRoutes(sessions);
  signDatabaseCertificateRoute(r.gw, databases, authority, () => {
    if (!listener) throw new Error('the database listener has not started');
    return listener.addr;
  });
  r.app.addHook('onReady', async () => {
    listener = await startDatabaseListener(sessions, await authority(), r.gw.config.databases.listen, r.gw.publicUrl());
  });
  r.app.addHook('preClose', async () => listener?.close());
};
