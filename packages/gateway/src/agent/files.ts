import { spawn } from 'node:child_process';
import type { MuxStream } from './tunnel/stream';
import { pipeOut } from './exec';
import { asAccount, loginEnvironment, type LoginAccount } from './logins';

/**
 * File transfer runs as the login (a `cat` child with the account's uid/gid), so the host's own permissions
 * decide what may be read or written, exactly as they would for scp.
 */
function childAs(account: LoginAccount, file: string, args: string[]) {
  return spawn(file, args, { cwd: account.home, env: loginEnvironment(account), stdio: ['pipe', 'pipe', 'pipe'], ...asAccount(account) });
}

function reportExit(stream: MuxStream, child: ReturnType<typeof childAs>): void {
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.on('error', (err) => stream.control({ type: 'error', message: err.message }));
  child.on('close', (code) => {
    if (code !== 0) stream.control({ type: 'error', message: stderr.trim().replace(/^cat: /, '') || `exit status ${code}` });
    stream.control({ type: 'exit', code });
    stream.end();
  });
}

export function serveDownload(stream: MuxStream, account: LoginAccount, path: string): void {
  const child = childAs(account, 'cat', ['--', path]);
  child.stdin.end();
  pipeOut(child.stdout, stream);
  stream.on('close', () => child.kill());
  reportExit(stream, child);
}

export function serveUpload(stream: MuxStream, account: LoginAccount, path: string): void {
  const child = childAs(account, 'sh', ['-c', 'exec cat > "$1"', 'sh', path]);
  child.stdin.on('error', () => undefined);
  stream.on('data', (chunk) => child.stdin.write(chunk, () => stream.ack(chunk.length)));
  stream.on('end', () => child.stdin.end());
  stream.on('close', (reason) => {
    if (reason) child.kill();
  });
  reportExit(stream, child);
}
