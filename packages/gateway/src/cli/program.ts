import { Command } from 'commander';
import { agentCommand } from '../agent/command';
import { nodesCommand } from './nodes';
import { rolesCommand } from './roles';
import { startCommand } from './start';
import { usersCommand } from './users';

/** The portcullis command line; `out` receives each line a command prints. */
export function buildProgram(out: (line: string) => void = (line) => console.log(line)): Command {
  const program = new Command('portcullis').description('Portcullis: one gateway to your infrastructure');
  startCommand(program);
  usersCommand(program, out);
  rolesCommand(program, out);
  agentCommand(program);
  nodesCommand(program);
  return program;
}
