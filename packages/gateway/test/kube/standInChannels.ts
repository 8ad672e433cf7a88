import { constants } from 'node:os';
import type WebSocket from 'ws';

/** The channel protocols the stand-in speaks, best first; kubectl 1.32 offers v5 and v4 (and older ones it then drops). */
export const channelProtocols = ['v5.channel.k8s.io', 'v4.channel.k8s.io'];

export const Channel = {
  Stdin: 0,
  Stdout: 1,
  Stderr: 2,
  Error: 3,
  Resize: 4,
  /** v5 only: "close" with the closed channel as the second byte, how the client says its stdin ended. */
  Close: 255,
} as const;
type Channel = (typeof Channel)[keyof typeof Channel];

export interface ChannelHandlers {
  stdin(data: Buffer): void;
  stdinEnd(): void;
  resize(size: { cols: number; rows: number }): void;
}

/** Routes a channel websocket's binary messages (first byte the channel) to the handlers. */
export function readChannels(ws: WebSocket, handlers: ChannelHandlers): void {
  ws.on('message', (data: Buffer, isBinary) => {
    if (!isBinary || data.length === 0) return;
    const payload = data.subarray(1);
    if (data[0] === Channel.Stdin) handlers.stdin(payload);
    else if (data[0] === Channel.Close && payload[0] === Channel.Stdin) handlers.stdinEnd();
    else if (data[0] === Channel.Resize) {
      const size = JSON.parse(payload.toString()) as { Width: number; Height: number };
      if (size.Width > 0 && size.Height > 0) handlers.resize({ cols: size.Width, rows: size.Height });
    }
  });
}

export function sendChannel(ws: WebSocket, channel: Channel, data: Buffer | string): void {
  if (ws.readyState !== ws.OPEN) return;
  const payload = typeof data === 'string' ? Buffer.from(data) : data;
  ws.send(Buffer.concat([Buffer.from([channel]), payload]), { binary: true });
}

/** A signal kills the process with the exit code a container runtime reports for it: 128 plus the signal's number. */
export function exitCodeOf(code: number | null, signal?: NodeJS.Signals | number | null): number {
  if (!signal) return code ?? 0;
  return 128 + (typeof signal === 'number' ? signal : constants.signals[signal]);
}

/**
 * Ends a remote command as the kubelet does: the v1 Status on the error channel (kubectl turns a NonZeroExitCode
 * cause into its own exit code), then a normal close.
 */
export function finishChannels(ws: WebSocket, exitCode: number): void {
  const result =
    exitCode === 0
      ? { metadata: {}, status: 'Success' }
      : {
          metadata: {},
          status: 'Failure',
          message: `command terminated with non-zero exit code: error executing command, exit status ${exitCode}`,
          reason: 'NonZeroExitCode',
          details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
        };
  sendChannel(ws, Channel.Error, JSON.stringify(result));
  if (ws.readyState === ws.OPEN) ws.close(1000);
}

/** A remote command that could not start: a Failure Status without an exit code, as the kubelet sends for a missing binary. */
export function failChannels(ws: WebSocket, message: string): void {
  sendChannel(ws, Channel.Error, JSON.stringify({ metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 }));
  if (ws.readyState === ws.OPEN) ws.close(1000);
}
