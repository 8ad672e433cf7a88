import { apiPaths, daemonPaths } from '@portcullis/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/access/errors';
import type { Connections } from './connections';
import { daemonLogin, LoginRefused, loginRequestSchema } from './login';
import { gatewayOf, presentProfile, signedIn, type ProfileStore } from './profiles';
import { validate } from './validate';
import type { WorkspaceStore } from './workspace';

const profileParams = z.object({ profile: z.string().min(1) });

/** Signing in to gateways, listing them, signing out: daemonPaths.profiles, login and profile. */
export function profileRoutes(app: FastifyInstance, profiles: ProfileStore, connections: Connections, workspace: WorkspaceStore) {
  app.get(daemonPaths.profiles, async () => profiles.list().map((p) => presentProfile(p)));

  app.post(daemonPaths.login, async (req, reply) => {
    const request = validate(loginRequestSchema, req.body, 'body');
    try {
      const stored = profiles.save(await daemonLogin(request));
      await connections.profileSignedIn(stored.id);
      return presentProfile(stored);
    } catch (err) {
      if (err instanceof LoginRefused) return reply.code(err.status).send(err.body);
      throw err;
    }
  });

  app.delete(daemonPaths.profile, async (req, reply) => {
    const { profile: id } = validate(profileParams, req.params, 'params');
    const profile = profiles.get(id);
    if (!profile) throw notFound(`no profile ${id}`);
    // Forgetting the session here is what matters; a gateway that is down or already ended it changes nothing.
    if (signedIn(profile)) await gatewayOf(profile).api.delete(apiPaths.webSession).catch(() => undefined);
    connections.forgetProfile(id);
    workspace.forgetProfile(id);
    profiles.remove(id);
    return reply.code(204).send();
  });
}
