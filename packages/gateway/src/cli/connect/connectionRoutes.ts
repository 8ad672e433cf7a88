import { daemonPaths } from '@portcullis/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict } from '../../platform/access/errors';
import { runClientTerminal, terminalSizeSchema } from './clientTerminal';
import { connectionRequestSchema, type Connections } from './connections';
import { validate } from './validate';

const connectionParams = z.object({ connectionId: z.string().min(1) });

/** Local database ports: daemonPaths.connections, connection, connect, disconnect and the client terminal. */
export function connectionRoutes(app: FastifyInstance, connections: Connections) {
  const idOf = (params: unknown) => validate(connectionParams, params, 'params').connectionId;

  app.get(daemonPaths.connections, async () => connections.all());
  app.post(daemonPaths.connections, async (req) => connections.create(validate(connectionRequestSchema, req.body, 'body')));
  app.post(daemonPaths.connect, async (req) => connections.connect(idOf(req.params)));
  app.post(daemonPaths.disconnect, async (req) => connections.disconnect(idOf(req.params)));
  app.delete(daemonPaths.connection, async (req, reply) => {
    connections.remove(idOf(req.params));
    return reply.code(204).send();
  });

  app.get(
    daemonPaths.connectionClient,
    {
      websocket: true,
      // Checked before the upgrade, so a refusal is an HTTP answer the UI can read.
      preValidation: async (req) => {
        validate(terminalSizeSchema, req.query, 'query');
        const connection = connections.get(idOf(req.params));
        if (!connection.connected) throw conflict(`the connection to ${connection.database} is closed: connect it first`);
      },
    },
    (socket, req) => runClientTerminal(socket, connections.get(idOf(req.params)), validate(terminalSizeSchema, req.query, 'query')),
  );
}
