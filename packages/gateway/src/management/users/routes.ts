import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../platform/server/context';
import { presentUser } from './presenter';
import { userBody, usernameParams } from './schemas';
import type { UserService } from './service';

/** GET/POST/PUT /users and DELETE /users/{username}. */
export function userRoutes(gw: Gateway, users: UserService) {
  gw.route('GET', apiPaths.users, {
    access: { resource: 'user', verb: 'list' },
    handler: async () => (await users.list()).map(presentUser),
  });

  gw.route('POST', apiPaths.users, {
    access: { resource: 'user', verb: 'create' },
    body: userBody,
    handler: async ({ identity, body }) => presentUser(await users.create(identity!.user.name, body)),
  });

  gw.route('PUT', apiPaths.users, {
    access: { resource: 'user', verb: 'update' },
    body: userBody,
    handler: async ({ identity, body }) => presentUser(await users.update(identity!.user.name, body)),
  });

  gw.route('DELETE', apiPaths.user, {
    access: { resource: 'user', verb: 'delete' },
    params: usernameParams,
    handler: async ({ identity, params }) => {
      await users.remove(identity!.user.name, params.username);
      return { message: 'ok' };
    },
  });
}
