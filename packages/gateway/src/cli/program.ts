import { Command } from 'commander';
import { agentCommand } from '../agent/command';
import { clientCommands } from './client/commands';
import { connectCommand } from './connect/command';
import { dbCommands } from './client/dbCommands';
import { kubeCommands } from './client/kube';
import { proxyCommands } from './client/proxy';
import { nodesCommand } from './nodes';
import { recordingsCommand } from './recordings';
import { rolesCommand } from './roles';
import { startCommand } from './start';
import { usersCommand } from './users';

/**
 * The portcullis command line; `out` receives each line a command prints. The modules imported here only define
 * commands: each action imports its work when it runs, so that `--help` or kubectl's `kube credentials` do not
 * load the gateway first (startup.test.ts checks).
 */
export function buildProgram(out: (line: string) => void = (line) => console.log(line)): Command {
  // Positional options let `ssh node ls -la` hand -la to the command rather than read it as portcullis's own.
  const program = new Command('portcullis').description('Portcullis: one gateway to your infrastructure').enablePositionalOptions();
  startCommand(program);
  usersCommand(program, out);
  rolesCommand(program, out);
  agentCommand(program);
  nodesCommand(program);
  clientCommands(program, out);
  proxyCommands(program, out);
  dbCommands(program);
  kubeCommands(program, out);
  connectCommand(program, out);
  recordingsCommand(program, out);
  return program;
}
