import type { FastifyInstance } from 'fastify';

export async function pingRoutes(app: FastifyInstance) {
  // Public: the console reads it before anyone signs in.
  app.get('/v1/webapi/ping', async () => ({
    server_version: app.version,
    automatic_upgrades: false,
    proxy: { assist_enabled: false },
  }));
}
