import type { Command } from 'commander';
import { storageOptions, type StorageFlags } from './storageOptions';

const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

export function usersCommand(program: Command, out: (line: string) => void) {
  const users = program.command('users').description('manage local users');

  storageOptions(users.command('add <name>').description('create a user and print their invite link'))
    .requiredOption('--roles <roles>', 'comma-separated roles, e.g. access,editor', list)
    .option('--logins <logins>', 'comma-separated logins on servers', list)
    .action(async (name: string, opts: StorageFlags & { roles: string[]; logins?: string[] }) => (await import('./userActions')).addUser(name, opts, out));

  storageOptions(users.command('ls').description('list users')).action(async (opts: StorageFlags) => (await import('./userActions')).listUsers(opts, out));

  storageOptions(users.command('rm <name>').description('delete a user')).action(async (name: string, opts: StorageFlags) => (await import('./userActions')).removeUser(name, opts, out));
}

/** Left-aligned columns, the header underlined. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}
