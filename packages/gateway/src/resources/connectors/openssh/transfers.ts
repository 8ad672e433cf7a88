import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Transfer } from '../../core/connectors';
import { shellQuote } from '../../transfer/paths';
import type { OpenSshClient, SshTarget } from './client';

/** Runs `command` over OpenSSH as the login; its exit status and stderr are the transfer's verdict. */
function sshTransfer(client: OpenSshClient, target: SshTarget, login: string, keyId: string, command: string) {
  const prepared = client.prepare(target, login, keyId, { tty: false });
  const child = spawn('ssh', [...prepared.args, command], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done: Transfer<never>['done'] = new Promise((resolve) => {
    child.on('error', (err) => resolve({ ok: false, error: err.message }));
    child.on('close', (code) => {
      prepared.cleanup();
      resolve(code === 0 ? { ok: true } : { ok: false, error: stderr.trim().replace(/^cat: /, '') || `exit status ${code}` });
    });
  });
  return { child, done };
}

export function sshDownload(client: OpenSshClient, target: SshTarget, login: string, keyId: string, path: string): Transfer<Readable> {
  const { child, done } = sshTransfer(client, target, login, keyId, `cat -- ${shellQuote(path)}`);
  child.stdin.end();
  return { data: child.stdout, done };
}

export function sshUpload(client: OpenSshClient, target: SshTarget, login: string, keyId: string, path: string): Transfer<Writable> {
  const { child, done } = sshTransfer(client, target, login, keyId, `cat > ${shellQuote(path)}`);
  return { data: child.stdin, done };
}
