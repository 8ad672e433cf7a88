import { Command } from 'commander';
import { agentCommand } from './agent/command';
import { startCommand } from './cli/start';
import { nodesCommand } from './nodes/command';

const program = new Command('portcullis').description('Portcullis: one gateway to your infrastructure');
startCommand(program);
agentCommand(program);
nodesCommand(program);

program.parseAsync().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
