import type { FastifyInstance } from 'fastify';
import { execRoutes } from '../exec/routes';
import type { Gateway } from '../../platform/server/context';
import { terminalRoutes } from '../terminal/routes';
import { tokenRoutes } from '../../management/tokens/routes';
import { transferRoutes } from '../transfer/routes';
import { tunnelRoutes } from '../connectors/agent/routes';
import { nodeRoutes } from './routes';
import { createServers, type Servers, type ServersOptions } from './servers';

/** The servers domain: nodes, join tokens, agent tunnels, the terminal and file transfer. */
export function serversDomain(gw: Gateway, app: FastifyInstance, options: ServersOptions = {}): Servers {
  const servers = createServers(gw, options);
  nodeRoutes(gw, servers);
  tokenRoutes(gw, servers.tokens);
  terminalRoutes(gw, servers);
  execRoutes(gw, servers);
  transferRoutes(gw, app, servers);
  tunnelRoutes(gw, servers.agents);
  app.addHook('preClose', () => servers.agents.closeAll());
  return servers;
}
