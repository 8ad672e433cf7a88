import type { Command } from 'commander';
import { proxyDbCommand } from './databases';
import { proxyAppCommand } from './proxyApp';

/** `portcullis proxy …`: local ports that reach resources through the gateway. */
export function proxyCommands(program: Command, out: (line: string) => void) {
  const proxy = program.command('proxy').description('reach resources through the gateway from a local port');
  proxyAppCommand(proxy, out);
  proxyDbCommand(proxy, out);
}
