import type { Command } from 'commander';
import { userBody } from '../management/users/schemas';
import { describeIssues } from '../platform/access/issues';
import { cliActor, storageOptions, withServices, type StorageFlags } from './services';

const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

export function usersCommand(program: Command, out: (line: string) => void) {
  const users = program.command('users').description('manage local users');

  storageOptions(users.command('add <name>').description('create a user and print their invite link'))
    .requiredOption('--roles <roles>', 'comma-separated roles, e.g. access,editor', list)
    .option('--logins <logins>', 'comma-separated logins on servers', list)
    .action(async (name: string, opts: StorageFlags & { roles: string[]; logins?: string[] }) => {
      const input = userBody.safeParse({ name, roles: opts.roles, ...(opts.logins && { traits: { logins: opts.logins } }) });
      if (!input.success) throw new Error(describeIssues('user', input.error));
      await withServices(opts, async ({ users: service, url }) => {
        await service.create(cliActor, input.data);
        const invite = await service.createToken(cliActor, name, 'invite');
        out(`User ${name} has been created. Share this invite link to set a password (valid until ${new Date(invite.expiresAt).toISOString()}):`);
        out(`${url}/web/invite/${invite.value}`);
      });
    });

  storageOptions(users.command('ls').description('list users')).action(async (opts: StorageFlags) => {
    await withServices(opts, async ({ users: service }) => {
      const rows = (await service.list()).map((u) => [u.name, [...u.roles].sort().join(','), u.traits.logins.join(',')]);
      table(['User', 'Roles', 'Logins'], rows).forEach((line) => out(line));
    });
  });

  storageOptions(users.command('rm <name>').description('delete a user')).action(async (name: string, opts: StorageFlags) => {
    await withServices(opts, async ({ users: service }) => {
      await service.remove(cliActor, name);
      out(`User ${name} has been deleted.`);
    });
  });
}

/** Left-aligned columns, the header underlined. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
