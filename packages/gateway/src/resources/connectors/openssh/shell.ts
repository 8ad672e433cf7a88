import { spawn as spawnPty } from 'node-pty';
import { terminalWindowBytes } from '@portcullis/shared';
import { PtyFlow } from '../../../platform/pty/ptyFlow';
import type { Channel, ChannelRequest } from '../../core/channel';
import type { OpenSshClient, SshTarget } from './client';
import { heldOutput, sshExitError } from './heldOutput';

/**
 * A shell on an OpenSSH node: OpenSSH's client runs on a local PTY (so resizes reach the remote PTY as
 * window-change requests), paused whenever a terminal window of its output is unacknowledged; what it prints
 * last, as the remote shell exits, still arrives (see PtyFlow).
 */
export function openSshShell(client: OpenSshClient, target: SshTarget, request: Extract<ChannelRequest, { type: 'shell' }>, keyId: string): Channel {
  const login = client.prepare(target, request.login, keyId, { tty: true });
  const pty = spawnPty('ssh', login.args, { name: 'xterm-256color', cols: request.term.w, rows: request.term.h, env: { ...process.env, TERM: 'xterm-256color' }, encoding: null });
  const flow = new PtyFlow(pty);
  let unacked = 0;
  let exited = false;
  pty.onExit(() => {
    exited = true;
    login.cleanup();
  });
  const output = heldOutput();
  pty.onData((data: string | Buffer) => {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    unacked += chunk.length;
    if (unacked >= terminalWindowBytes) flow.pause();
    output.emit(chunk);
  });
  return {
    onData: output.onData,
    onExit: (listener) =>
      pty.onExit(({ exitCode }) => {
        const error = sshExitError(exitCode, target, request.login);
        listener(error ? { code: null, error } : { code: exitCode });
      }),
    ack: (bytes) => {
      unacked = Math.max(0, unacked - bytes);
      if (unacked < terminalWindowBytes) flow.resume();
    },
    write: (input) => pty.write(input),
    resize: (w, h) => {
      if (!exited) pty.resize(w, h);
    },
    close: () => {
      if (!exited) pty.kill('SIGHUP');
    },
  };
}
