import { spawn } from 'node:child_process';
import { spawn as spawnPty, type IPty } from 'node-pty';
import type WebSocket from 'ws';
import { Channel, exitCodeOf, failChannels, finishChannels, readChannels, sendChannel } from './standInChannels';

export interface RemoteCommand {
  command: string[];
  stdin: boolean;
  tty: boolean;
  /** Where the command runs: a temporary directory standing in for the container's filesystem. */
  cwd: string;
}

const ptyOptions = (cwd: string) => ({ name: 'xterm', cols: 80, rows: 24, cwd, env: { ...process.env, TERM: 'xterm' }, encoding: null });

/**
 * `kubectl exec` on the stand-in: the command runs on this machine, as the test's user, not in a container. With a TTY it
 * runs on a PTY (resizes apply, stderr arrives merged into stdout as a terminal shows it); without, on pipes, stdout on
 * channel 1 and stderr on channel 2. The process is killed if the client goes away first.
 */
export function serveExec(ws: WebSocket, run: RemoteCommand): void {
  const [file, ...args] = run.command;
  if (!file) return failChannels(ws, 'you must specify at least one command for the container');
  if (run.tty) return execOnPty(ws, file, args, run);
  const child = spawn(file, args, { cwd: run.cwd, stdio: [run.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => sendChannel(ws, Channel.Stdout, d));
  child.stderr!.on('data', (d: Buffer) => sendChannel(ws, Channel.Stderr, d));
  // 'close' comes after both pipes drained, so the status never overtakes the last output.
  child.on('close', (code, signal) => finishChannels(ws, exitCodeOf(code, signal)));
  child.on('error', (err) => failChannels(ws, `exec: ${err.message}`));
  child.stdin?.on('error', () => undefined);
  readChannels(ws, { stdin: (d) => child.stdin?.write(d), stdinEnd: () => child.stdin?.end(), resize: () => undefined });
  ws.on('close', () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
}

function execOnPty(ws: WebSocket, file: string, args: string[], run: RemoteCommand): void {
  let pty: IPty;
  try {
    pty = spawnPty(file, args, ptyOptions(run.cwd));
  } catch (err) {
    return failChannels(ws, `exec: ${(err as Error).message}`);
  }
  let exited = false;
  pty.onData((d: string | Buffer) => sendChannel(ws, Channel.Stdout, d));
  pty.onExit(({ exitCode, signal }) => {
    exited = true;
    finishChannels(ws, exitCodeOf(exitCode, signal));
  });
  // Ctrl-D at the start of a line is how a terminal says its input ended.
  readChannels(ws, { stdin: (d) => pty.write(d), stdinEnd: () => pty.write('\x04'), resize: (s) => pty.resize(s.cols, s.rows) });
  ws.on('close', () => !exited && pty.kill('SIGHUP'));
}

/**
 * `kubectl attach` on the stand-in: each pod's container has one long-running shell on a PTY, started by its first attach
 * and kept across detaches, as a container's main process outlives its attached clients. Every attached client sees
 * its output; when it exits, they all get its status and the next attach starts a new one.
 */
export class AttachedShells {
  private readonly shells = new Map<string, { pty: IPty; clients: Set<WebSocket> }>();

  constructor(private readonly cwd: string) {}

  attach(ws: WebSocket, key: string): void {
    const shell = this.shells.get(key) ?? this.start(key);
    shell.clients.add(ws);
    readChannels(ws, {
      stdin: (d) => shell.pty.write(d),
      // A detaching client's end of input is not the shell's: other clients may still type.
      stdinEnd: () => undefined,
      resize: (s) => shell.pty.resize(s.cols, s.rows),
    });
    ws.on('close', () => shell.clients.delete(ws));
  }

  closeAll(): void {
    for (const { pty } of this.shells.values()) pty.kill('SIGHUP');
    this.shells.clear();
  }

  private start(key: string) {
    const shell = { pty: spawnPty('/bin/sh', [], ptyOptions(this.cwd)), clients: new Set<WebSocket>() };
    shell.pty.onData((d: string | Buffer) => shell.clients.forEach((ws) => sendChannel(ws, Channel.Stdout, d)));
    shell.pty.onExit(({ exitCode, signal }) => {
      if (this.shells.get(key) === shell) this.shells.delete(key);
      shell.clients.forEach((ws) => finishChannels(ws, exitCodeOf(exitCode, signal)));
    });
    this.shells.set(key, shell);
    return shell;
  }
}
