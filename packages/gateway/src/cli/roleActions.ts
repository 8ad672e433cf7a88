import { readFileSync } from 'node:fs';
import { presentRole } from '../management/roles/presenter';
import { cliActor, withServices } from './services';
import type { StorageFlags } from './storageOptions';
import { table } from './users';

/** `portcullis roles ls`. */
export async function listRoles(opts: StorageFlags, out: (line: string) => void): Promise<void> {
  await withServices(opts, async ({ roles: service }) => {
    const rows = (await service.list()).map(({ role }) => [role.metadata.name, role.metadata.description ?? '']);
    table(['Role', 'Description'], rows).forEach((line) => out(line));
  });
}

/** `portcullis roles get`: the role as it was written. */
export async function printRole(name: string, opts: StorageFlags, out: (line: string) => void): Promise<void> {
  await withServices(opts, async ({ roles: service }) => out(presentRole(await service.get(name)).content.trimEnd()));
}

/** `portcullis roles create -f FILE`. */
export async function createRole(opts: StorageFlags & { file: string }, out: (line: string) => void): Promise<void> {
  const content = readFileSync(opts.file, 'utf8');
  await withServices(opts, async ({ roles: service }) => {
    const { role } = await service.create(cliActor, content);
    out(`Role ${role.metadata.name} has been created.`);
  });
}
