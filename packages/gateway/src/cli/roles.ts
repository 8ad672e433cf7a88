import type { Command } from 'commander';
import { storageOptions, type StorageFlags } from './storageOptions';

export function rolesCommand(program: Command, out: (line: string) => void) {
  const roles = program.command('roles').description('manage roles');

  storageOptions(roles.command('ls').description('list roles')).action(async (opts: StorageFlags) => (await import('./roleActions')).listRoles(opts, out));

  storageOptions(roles.command('get <name>').description('print a role as YAML')).action(async (name: string, opts: StorageFlags) => (await import('./roleActions')).printRole(name, opts, out));

  storageOptions(roles.command('create').description('create a role from a YAML file'))
    .requiredOption('-f, --file <file>', 'the role, in YAML')
    .action(async (opts: StorageFlags & { file: string }) => (await import('./roleActions')).createRole(opts, out));
}
