import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { renderRoleYaml } from '../management/roles/yaml';
import { cliActor, storageOptions, withServices, type StorageFlags } from './services';
import { table } from './users';

export function rolesCommand(program: Command, out: (line: string) => void) {
  const roles = program.command('roles').description('manage roles');

  storageOptions(roles.command('ls').description('list roles')).action(async (opts: StorageFlags) => {
    await withServices(opts, async ({ roles: service }) => {
      const rows = (await service.list()).map((r) => [r.metadata.name, r.metadata.description ?? '']);
      table(['Role', 'Description'], rows).forEach((line) => out(line));
    });
  });

  storageOptions(roles.command('get <name>').description('print a role as YAML')).action(async (name: string, opts: StorageFlags) => {
    await withServices(opts, async ({ roles: service }) => out(renderRoleYaml(await service.get(name)).trimEnd()));
  });

  storageOptions(roles.command('create').description('create a role from a YAML file'))
    .requiredOption('-f, --file <file>', 'the role, in YAML')
    .action(async (opts: StorageFlags & { file: string }) => {
      const content = readFileSync(opts.file, 'utf8');
      await withServices(opts, async ({ roles: service }) => {
        const role = await service.create(cliActor, content);
        out(`Role ${role.metadata.name} has been created.`);
      });
    });
}
