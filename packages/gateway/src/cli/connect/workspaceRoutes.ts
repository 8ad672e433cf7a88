import { daemonPaths } from '@portcullis/shared';
import type { FastifyInstance } from 'fastify';
import { validate } from './validate';
import { workspaceSchema, type WorkspaceStore } from './workspace';

/** The UI's documents and settings, kept across restarts: daemonPaths.workspace. */
export function workspaceRoutes(app: FastifyInstance, workspace: WorkspaceStore) {
  app.get(daemonPaths.workspace, async () => workspace.read());
  app.put(daemonPaths.workspace, async (req) => {
    const next = validate(workspaceSchema, req.body, 'body');
    workspace.write(next);
    return next;
  });
}
