import Fastify, { type FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config/config';
import { pingRoutes } from '../ping/routes';
import { consoleRoutes } from '../web/console';

/** Assembles the gateway: every domain registers its own routes; nothing here knows their details. */
export async function createGateway(config: GatewayConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel }, disableRequestLogging: true });
  await app.register(pingRoutes);
  await app.register(consoleRoutes, { webDir: config.webDir });
  return app;
}
