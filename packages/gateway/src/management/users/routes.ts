import type { Gateway } from '../../platform/server/context';
import { presentUser } from './presenter';
import { userBody, usernameParams } from './schemas';
import type { UserService } from './service';

/** GET/POST/PUT /users and DELETE /users/{username}. */
export function userRoutes(gw: Gateway, users: UserService) {
  gw.route('GET', '/v1/webapi/users', {
    access: { resource: 'user', verb: 'list' },
    handler: async () => (await users.list()).map(presentUser),
  });

  gw.route('POST', '/v1/webapi/users', {
    access: { resource: 'user', verb: 'create' },
    body: userBody,
    handler: async ({ identity, body }) => presentUser(await users.create(identity!.user.name, body)),
  });

  gw.route('PUT', '/v1/webapi/users', {
    access: { resource: 'user', verb: 'update' },
    body: userBody,
    handler: async ({ identity, body }) => presentUser(await users.update(identity!.user.name, body)),
  });

  gw.route('DELETE', '/v1/webapi/users/:username', {
    access: { resource: 'user', verb: 'delete' },
    params: usernameParams,
    handler: async ({ identity, params }) => {
      await users.remove(identity!.user.name, params.username);
      return { message: 'ok' };
    },
  });
}
