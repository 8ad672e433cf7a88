import type { FastifyInstance } from 'fastify';
import type { Gateway } from '../platform/server/context';
import { JoinTokenService } from '../management/tokens/service';
import { tokenRoutes } from '../management/tokens/routes';
import { appsModule } from './apps/module';
import { appProxyModule } from './apps/proxy/module';
import { agentConnector } from './connectors/agent/connector';
import { AgentRegistry } from './connectors/agent/registry';
import { tunnelRoutes } from './connectors/agent/routes';
import { Connectors } from './core/connectors';
import { databasesModule } from './databases/module';
import { desktopsModule } from './desktops/module';
import { diagnosticsModule } from './diagnostics/module';
import { DesktopRecordingStore } from './desktops/recording/store';
import { kubernetesModule } from './kubernetes/module';
import { ResourceKinds } from './core/resource';
import { SessionCore } from './core/sessionCore';
import { WatchedConnections } from './core/watchedConnections';
import { WebSessionWatch } from './core/webSessionWatch';
import { liveSessionRoutes } from './livesessions/routes';
import { nodesModule } from './nodes/module';
import { nodeRepo, type NodeRepo } from './nodes/repo';
import { RecordingStore } from './recordings/store';
import { recordingRoutes } from './recordings/routes';
import { exportRoutes } from './recordings/export/routes';
import { reviewRoutes } from './recordings/review/routes';
import { shareRoutes } from './recordings/shares/routes';
import { RecordingIndexer } from './recordings/search/indexer';
import { recordingSearchRoutes } from './recordings/search/routes';
import { sessionMfaRoutes } from './sessionmfa/routes';

/** What every resource kind's module registers with: the session core, agents and storage. */
export interface Resources {
  gw: Gateway;
  app: FastifyInstance;
  core: SessionCore;
  /** Connections other than terminal sessions (TCP apps, databases, desktops), ended by locks, expiry and sign-out. */
  watched: WatchedConnections;
  agents: AgentRegistry;
  nodes: NodeRepo;
}

/** A resource kind's folder plugs in through one of these: it registers its kind, connector and routes. */
export type ResourceModule = (resources: Resources) => void;

export interface ResourcesOptions {
  /** How often agents heartbeat; their resources leave the lists after three missed beats (at once on disconnect). */
  heartbeatMs?: number;
  /** Kinds beyond the built-in ones (tests register one of their own through this). */
  modules?: ResourceModule[];
  /** How long a session waits for the answer to its second-factor challenge (60 s). */
  sessionMfaTimeoutMs?: number;
  /** Where desktop sessions are recorded and played back from (files under the data dir by default). */
  desktopRecordings?: Pick<DesktopRecordingStore, 'start' | 'open'>;
}

/**
 * Access to resources: agents and their tunnels, the session core with its connectors, the active sessions
 * and recordings, and each kind's module (nodes, apps, databases, desktops and Kubernetes).
 */
export function registerResources(gw: Gateway, app: FastifyInstance, options: ResourcesOptions = {}): Resources {
  const nodes = nodeRepo(gw.store);
  const tokens = new JoinTokenService(gw.store, gw.now);
  const agents = new AgentRegistry(gw.store, tokens, gw.now, { heartbeatMs: options.heartbeatMs ?? 5_000 });
  const indexer = new RecordingIndexer(gw.store);
  const recordings = new RecordingStore(gw.config.dataDir, {}, indexer);
  // One watch reads the web sessions behind every open connection, terminal or not, in one query.
  const webSessions = new WebSessionWatch(gw.webSessions, (message) => app.log.warn(message));
  const core = new SessionCore(gw, new ResourceKinds(), new Connectors(agentConnector(agents)), recordings, webSessions, { sessionMfaTimeoutMs: options.sessionMfaTimeoutMs });
  const resources: Resources = { gw, app, core, watched: new WatchedConnections(gw.locks, webSessions, gw.now), agents, nodes };
  for (const module of [nodesModule, appsModule, appProxyModule, databasesModule, desktopsModule(options.desktopRecordings ?? new DesktopRecordingStore(gw.config.dataDir, { now: gw.now })), kubernetesModule, diagnosticsModule, ...(options.modules ?? [])]) module(resources);
  tokenRoutes(gw, tokens);
  tunnelRoutes(gw, agents);
  liveSessionRoutes(gw, core);
  sessionMfaRoutes(gw, nodes, core.kinds.get('node'));
  recordingRoutes(gw, recordings);
  shareRoutes(gw, recordings);
  reviewRoutes(gw, recordings);
  exportRoutes(gw, recordings);
  recordingSearchRoutes(gw);
  app.addHook('preClose', () => agents.closeAll());
  app.addHook('onClose', async () => webSessions.close());
  // Runs before storage closes (onClose hooks run last-added first): the text still waiting is written.
  app.addHook('onClose', () => indexer.close());
  return resources;
}
