import { spawn } from 'node:child_process';
import { terminalWindowBytes } from '@portcullis/shared';
import type { Channel } from '../../core/channel';
import type { OpenSshClient, SshTarget } from './client';
import { heldOutput, sshExitError } from './heldOutput';

/**
 * A command on an OpenSSH node: OpenSSH's client runs it without a PTY (-T) under a gateway-signed certificate.
 * Its stdout and stderr pipes pause while a terminal window of output is unacknowledged.
 */
export function openSshExec(client: OpenSshClient, target: SshTarget, login: string, command: string, keyId: string): Channel {
  const prepared = client.prepare(target, login, keyId, { tty: false });
  // `--` ends ssh's options, so a command starting with `-` is sent to the node rather than read as one.
  const child = spawn('ssh', [...prepared.args, '--', command], { stdio: ['pipe', 'pipe', 'pipe'] });
  const outputs = [child.stdout, child.stderr];
  let unacked = 0;
  let exited = false;
  child.on('close', () => {
    exited = true;
    prepared.cleanup();
  });
  child.stdin.on('error', () => undefined); // the command may exit without reading its input
  const output = heldOutput();
  for (const pipe of outputs) {
    pipe.on('data', (chunk: Buffer) => {
      unacked += chunk.length;
      if (unacked >= terminalWindowBytes) for (const o of outputs) o.pause();
      output.emit(chunk);
    });
  }
  return {
    onData: output.onData,
    onExit: (listener) =>
      child.once('close', (code, signal) => {
        const error = sshExitError(code, target, login) ?? (code === null ? `the command was stopped by ${signal}` : undefined);
        listener(error ? { code: null, error } : { code });
      }),
    ack: (bytes) => {
      unacked = Math.max(0, unacked - bytes);
      if (unacked < terminalWindowBytes) for (const o of outputs) o.resume();
    },
    write: (input) => void child.stdin.write(input),
    resize: () => undefined,
    close: () => {
      if (!exited) child.kill('SIGHUP');
    },
  };
}
