import { userBody } from '../management/users/schemas';
import { describeIssues } from '../platform/access/issues';
import { cliActor, withServices } from './services';
import type { StorageFlags } from './storageOptions';
import { table } from './users';

/** `portcullis users add`: creates the user and prints their invite link. */
export async function addUser(name: string, opts: StorageFlags & { roles: string[]; logins?: string[] }, out: (line: string) => void): Promise<void> {
  const input = userBody.safeParse({ name, roles: opts.roles, ...(opts.logins && { traits: { logins: opts.logins } }) });
  if (!input.success) throw new Error(describeIssues('user', input.error));
  await withServices(opts, async ({ users: service, url }) => {
    await service.create(cliActor, input.data);
    const invite = await service.createToken(cliActor, name, 'invite');
    out(`User ${name} has been created. Share this invite link to set a password (valid until ${new Date(invite.expiresAt).toISOString()}):`);
    out(`${url}/web/invite/${invite.value}`);
  });
}

/** `portcullis users ls`. */
export async function listUsers(opts: StorageFlags, out: (line: string) => void): Promise<void> {
  await withServices(opts, async ({ users: service }) => {
    const rows = (await service.list()).map((u) => [u.name, [...u.roles].sort().join(','), u.traits.logins.join(',')]);
    table(['User', 'Roles', 'Logins'], rows).forEach((line) => out(line));
  });
}

/** `portcullis users rm`. */
export async function removeUser(name: string, opts: StorageFlags, out: (line: string) => void): Promise<void> {
  await withServices(opts, async ({ users: service }) => {
    await service.remove(cliActor, name);
    out(`User ${name} has been deleted.`);
  });
}
