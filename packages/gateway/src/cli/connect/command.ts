import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

/** The workspace app built beside the CLI, found the way the gateway finds the console (config.ts's defaultWebDir). */
const defaultUiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../teleterm-like-app/dist');

/** --listen as a port on 127.0.0.1: the daemon holds sessions and must not be reachable from another machine. */
function loopbackPort(listen: string): number {
  const port = Number(/^127\.0\.0\.1:(\d{1,5})$/.exec(listen)?.[1] ?? NaN);
  if (!(port <= 65535)) throw new Error(`--listen ${listen}: give 127.0.0.1:PORT (0 for a free port); the daemon listens on loopback only`);
  return port;
}

interface ConnectFlags {
  listen: string;
  uiDir: string;
  open: boolean;
}

/** `portcullis connect`: the workspace app on 127.0.0.1 and its daemon, opened in a Chromium app window. */
export function connectCommand(program: Command, out: (line: string) => void) {
  program
    .command('connect')
    .description('run the workspace app (several gateways, tabs, local database ports) on 127.0.0.1 and open it')
    .option('--listen <127.0.0.1:port>', 'where the daemon listens (port 0: a free one)', '127.0.0.1:0')
    .option('--ui-dir <dir>', 'the built workspace app', defaultUiDir)
    .option('--no-open', 'only print the launch link; do not open a Chromium app window')
    .action(async (flags: ConnectFlags) => (await import('./launch')).launchConnect({ port: loopbackPort(flags.listen), uiDir: flags.uiDir, open: flags.open }, out));
}
