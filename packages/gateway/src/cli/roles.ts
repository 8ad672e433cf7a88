import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { presentRole } from '../management/roles/presenter';
import { cliActor, storageOptions, withServices, type StorageFlags } from './services';
import { table } from './users';

export function rolesCommand(program: Command, out: (line: string) => void) {
  const roles = program.command('roles').description('manage roles');

  storageOptions(roles.command('ls').description('list roles')).action(async (opts: StorageFlags) => {
    await withServices(opts, async ({ roles: service }) => {
      const rows = (await service.list()).map(({ role }) => [role.metadata.name, role.metadata.description ?? '']);
      table(['Role', 'Description'], rows).forEach((line) => out(line));
    });
  });

  storageOptions(roles.command('get <name>').description('print a role as YAML')).action(async (name: string, opts: StorageFlags) => {
    await withServices(opts, async ({ roles: service }) => out(presentRole(await service.get(name)).content.trimEnd()));
  });

  storageOptions(roles.command('create').description('create a role from a YAML file'))
    .requiredOption('-f, --file <file>', 'the role, in YAML')
    .action(async (opts: StorageFlags & { file: string }) => {
      const content = readFileSync(opts.file, 'utf8');
      await withServices(opts, async ({ roles: service }) => {
        const { role } = await service.create(cliActor, content);
        out(`Role ${role.metadata.name} has been created.`);
      });
    });
}
