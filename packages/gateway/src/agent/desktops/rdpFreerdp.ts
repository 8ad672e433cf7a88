import type { ChildProcess } from 'node:child_process';
import type { RdpTarget } from './endpoint';
import { spawnBridgeChild } from './rdpChildren';
import { desktopAddr } from './target';

/** The most of xfreerdp's output kept for explaining a failure; its errors come last. */
const keptOutput = 64 * 1024;

export interface FreerdpOptions {
  display: number;
  xauthority: string;
  /** XDG_CONFIG_HOME for FreeRDP: its certificate store (freerdp/server/HOST_PORT.pem) lives below it. */
  configHome?: string;
}

export interface Freerdp {
  process: ChildProcess;
  /** xfreerdp's output so far (stdout and stderr, the latest part). */
  output(): string;
}

/**
 * Starts xfreerdp full screen on the private display. The password goes through stdin (/from-stdin:force reads
 * it before connecting), never the command line or the environment, which other local users or the agent's own
 * children could read. The server's certificate is trusted on first use (/cert:tofu) and pinned from then on in
 * the agent's store, so a later change refuses the connection instead of being ignored. Full screen and
 * /dynamic-resolution make the RDP session follow the X screen when a viewer resizes it (RandR). No sound, no
 * drives, no clipboard.
 */
export function startFreerdp(target: RdpTarget, opts: FreerdpOptions): Freerdp {
  const args = [
    `/v:${desktopAddr(target)}`,
    `/u:${target.user}`,
    ...(target.password !== undefined ? ['/from-stdin:force'] : []),
    '/cert:tofu',
    '/f',
    '/dynamic-resolution',
    ...['/audio-mode:2', '-clipboard', '-decorations', '-grab-keyboard', '/log-level:INFO'],
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/',
    DISPLAY: `:${opts.display}`,
    XAUTHORITY: opts.xauthority,
    ...(opts.configHome && { XDG_CONFIG_HOME: opts.configHome }),
  };
  const child = spawnBridgeChild('xfreerdp', args, { stdio: ['pipe', 'pipe', 'pipe'], env });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-keptOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A server prompt after this (a changed certificate) reads end of file and refuses.
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(target.password !== undefined ? `${target.password}\n` : '');
  return { process: child, output: () => output };
}
