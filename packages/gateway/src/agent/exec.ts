import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { MuxStream } from './tunnel/stream';
import { asAccount, loginEnvironment, type LoginAccount } from './logins';

/** Pipes a child's output into a stream, pausing the child's pipe while the stream has no credit. */
export function pipeOut(source: Readable, stream: MuxStream): void {
  source.on('data', (chunk: Buffer) => {
    if (!stream.write(chunk)) source.pause();
  });
  stream.on('drain', () => source.resume());
}

/** Runs a command (no PTY) as the account; stdout and stderr arrive on the stream, then an exit message. */
export function serveExec(stream: MuxStream, account: LoginAccount, command: string): void {
  const child = spawn(account.shell, ['-c', command], {
    cwd: account.home,
    env: loginEnvironment(account),
    stdio: ['pipe', 'pipe', 'pipe'],
    ...asAccount(account),
  });
  pipeOut(child.stdout, stream);
  pipeOut(child.stderr, stream);
  stream.on('data', (input) => child.stdin.write(input, () => stream.ack(input.length)));
  stream.on('end', () => child.stdin.end());
  stream.on('close', () => {
    if (child.exitCode === null) child.kill('SIGHUP');
  });
  child.stdin.on('error', () => undefined); // the command may exit without reading its input
  child.on('error', (err) => stream.control({ type: 'error', message: err.message }));
  child.on('close', (code, signal) => {
    stream.control({ type: 'exit', code, signal });
    stream.end();
  });
}
