import { commandExecuteSocketUrl, decodeFrame, encodeControl, terminalSocketUrl, type ControlMessage } from '@portcullis/shared';
import WebSocket from 'ws';
import type { GatewayClient } from './http';
import type { Profile } from './profile';
import { askHidden } from './prompt';

/** The process's standard streams, as a session uses them. */
export interface SessionIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

const processIo = (): SessionIo => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });

/** Where a session opens: the node's id and the login. */
export interface Target {
  nodeId: string;
  login: string;
}

type MfaChallenge = Extract<ControlMessage, { type: 'mfa-challenge' }>;

/**
 * The answer to a per-session second-factor challenge: a code from an authenticator app when the gateway takes
 * one. A security key cannot be tapped from a terminal; approving in a browser (--headless) is the way then.
 */
async function answerChallenge(challenge: MfaChallenge, profile: Profile): Promise<ControlMessage> {
  if (!challenge.totp || profile.mfaVerified) {
    throw new Error(`this session needs a second factor the command line cannot give here: run portcullis ssh --headless to approve it in your browser with your security key`);
  }
  const code = await askHidden('This session needs a second factor. Enter the code from your authenticator app: ');
  return { type: 'mfa-response', totp_code: code.trim() };
}

/**
 * Runs one session over a terminal-protocol websocket: output to stdout (acknowledged, so the gateway keeps
 * sending), a second-factor challenge answered, errors to stderr. Resolves with the exit code the gateway
 * reports; a session refused before it started rejects with the gateway's reason.
 */
function runSocket(url: string, gateway: GatewayClient, profile: Profile, io: SessionIo, onOpen?: (socket: WebSocket) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie: gateway.cookieHeader() } });
    let started = false;
    let closed: { exitCode?: number | undefined } | undefined;
    // The first error: the reason a session was refused, or why one that started ended without an exit code.
    let error: string | undefined;
    // A terminal in raw mode needs carriage returns of its own.
    const eol = onOpen && io.stdin.isTTY ? '\r\n' : '\n';
    const fail = (err: Error) => {
      error ??= err.message;
      socket.close();
    };
    socket.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let message = `${res.statusCode} - ${url.split('?')[0]}`;
        try {
          message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
        } catch {
          // Not JSON: the status names the problem.
        }
        reject(new Error(message));
      });
    });
    socket.on('error', (err) => reject(new Error(`cannot open the session at ${gateway.proxy}: ${err.message}`)));
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const frame = decodeFrame(isBinary ? new Uint8Array(data) : data.toString());
      if (frame.kind === 'data') {
        io.stdout.write(frame.data, () => socket.send(encodeControl({ type: 'ack', bytes: frame.data.length })));
        return;
      }
      const message = frame.message;
      if (message.type === 'mfa-challenge') {
        answerChallenge(message, profile).then((answer) => socket.send(encodeControl(answer)), fail);
      } else if (message.type === 'session' && !started) {
        started = true;
        onOpen?.(socket);
      } else if (message.type === 'error') {
        error ??= message.message;
        if (started) io.stderr.write(`${message.message}${eol}`);
      } else if (message.type === 'close') {
        closed = { exitCode: message.exitCode };
      }
    });
    socket.on('close', () => {
      if (closed?.exitCode !== undefined) resolve(closed.exitCode);
      else if (!started) reject(new Error(error ?? `the gateway closed the connection before the session started`));
      // Ended without an exit status (a signal, a lost node): a failure unless the gateway closed it cleanly.
      else resolve(error !== undefined || !closed ? 1 : 0);
    });
  });
}

/** Runs `command` on the node without a terminal; resolves with its exit code. */
export function runCommand(gateway: GatewayClient, profile: Profile, target: Target, command: string, io = processIo()): Promise<number> {
  const url = commandExecuteSocketUrl(gateway.proxy, { clusterId: profile.cluster, accessToken: profile.token, params: { server_id: target.nodeId, login: target.login, command } });
  return runSocket(url, gateway, profile, io);
}

/**
 * An interactive shell on the node: the local terminal in raw mode, keys forwarded, resizes sent, until the
 * shell exits; resolves with its exit code.
 */
export async function runShell(gateway: GatewayClient, profile: Profile, target: Target, io = processIo()): Promise<number> {
  const size = () => ({ w: io.stdout.columns || 80, h: io.stdout.rows || 24 });
  const url = terminalSocketUrl(gateway.proxy, { clusterId: profile.cluster, accessToken: profile.token, params: { server_id: target.nodeId, login: target.login, term: size() } });
  let stop = () => undefined as void;
  const open = (socket: WebSocket) => {
    const keys = (data: Buffer) => socket.send(data, { binary: true });
    const resized = () => socket.send(encodeControl({ type: 'resize', ...size() }));
    if (io.stdin.isTTY) io.stdin.setRawMode(true);
    io.stdin.on('data', keys);
    io.stdin.resume();
    io.stdout.on('resize', resized);
    // The shell may have opened at another size than asked, if the terminal changed while a second factor was asked for.
    resized();
    stop = () => {
      io.stdin.off('data', keys);
      io.stdout.off('resize', resized);
      if (io.stdin.isTTY) io.stdin.setRawMode(false);
      io.stdin.pause();
    };
  };
  try {
    return await runSocket(url, gateway, profile, io, open);
  } finally {
    stop();
  }
}
