import type { Command } from 'commander';
import type { LoginFlags } from './commandActions';

/** `portcullis login|logout|ls|ssh`: the command line's way to the gateway's nodes, as a person signed in to it. */
export function clientCommands(program: Command, out: (line: string) => void) {
  program
    .command('login')
    .description('sign in to a gateway and keep the session under ~/.portcullis (or $PORTCULLIS_HOME)')
    .option('--proxy <url>', "the gateway's address, e.g. https://gateway.example.com")
    .option('--user <name>', 'who signs in')
    .option('--headless', 'approve the sign-in in a browser where you are signed in, with your security key')
    .action(async (flags: LoginFlags) => (await import('./commandActions')).login(flags, out));

  program
    .command('logout')
    .description('end the stored session and forget it')
    .action(async () => (await import('./commandActions')).logout(out));

  program
    .command('ls')
    .description('list the nodes you may reach')
    .action(async () => (await import('./commandActions')).listNodes(out));

  program
    .command('ssh')
    .description('open a shell on a node, or run a command there and exit with its exit code')
    .argument('<destination>', '[login@]node: the node by hostname or id')
    .argument('[command...]', 'a command to run instead of a shell')
    .option('--headless', 'sign in for this command only, approved in a browser with your security key')
    .option('--proxy <url>', 'the gateway, with --headless (default: the stored profile’s)')
    .option('--user <name>', 'who signs in, with --headless (default: the stored profile’s)')
    .passThroughOptions()
    .action(async (destination: string, command: string[], flags: LoginFlags) => (await import('./commandActions')).ssh(destination, command, flags));
}
