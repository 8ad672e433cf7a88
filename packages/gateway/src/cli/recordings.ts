import type { Command } from 'commander';

export function recordingsCommand(program: Command, out: (line: string) => void) {
  const recordings = program.command('recordings').description('work with session recordings');

  recordings
    .command('verify <file>')
    .description('check that an exported recording (.cast) is unchanged and signed by the gateway')
    .option('--proxy <url>', "the gateway whose published keys signed it (default: the one you are logged in to)")
    .option('--jwks <file>', "the gateway's JWKS saved to a file, to check offline")
    .action(async (file: string, opts: { proxy?: string; jwks?: string }) => (await import('./verifyRecording')).verifyRecording(file, opts, out));
}
