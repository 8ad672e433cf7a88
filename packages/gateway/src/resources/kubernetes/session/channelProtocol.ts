import type { ChannelExit } from '../../core/channel';

/**
 * Kubernetes' exec and attach protocol over a websocket: binary messages whose first byte names the stream. v5
 * adds a message closing one stream (255, then the stream); v4 is the same otherwise.
 */
export const channelProtocols = ['v5.channel.k8s.io', 'v4.channel.k8s.io'];

export const streams = { stdin: 0, stdout: 1, stderr: 2, status: 3, resize: 4, close: 255 } as const;

export const channelFrame = (stream: number, data: Buffer | string): Buffer => {
  const body = typeof data === 'string' ? Buffer.from(data) : data;
  const frame = Buffer.allocUnsafe(body.length + 1);
  frame[0] = stream;
  body.copy(frame, 1);
  return frame;
};

export const resizeFrame = (w: number, h: number): Buffer => channelFrame(streams.resize, JSON.stringify({ Width: w, Height: h }));

interface Status {
  status?: string;
  message?: string;
  reason?: string;
  details?: { causes?: { reason?: string; message?: string }[] };
}

/** How the command ended, from the Status the API server sends on stream 3: success, its exit code, or why it failed. */
export function exitOfStatus(text: string): ChannelExit {
  let status: Status;
  try {
    status = JSON.parse(text) as Status;
  } catch {
    return { code: null, error: `the Kubernetes API sent an unreadable status: ${text.slice(0, 200)}` };
  }
  if (status.status === 'Success') return { code: 0 };
  const exitCode = status.reason === 'NonZeroExitCode' ? Number(status.details?.causes?.find((c) => c.reason === 'ExitCode')?.message) : NaN;
  if (Number.isInteger(exitCode)) return { code: exitCode };
  return { code: null, error: status.message ?? 'the command failed' };
}

/** The Status kubectl is sent on stream 3 when the session ends: it prints the message and exits with the code. */
export function statusOfExit(exit: ChannelExit): string {
  if (exit.code === 0) return JSON.stringify({ metadata: {}, status: 'Success' });
  if (exit.code !== null) {
    return JSON.stringify({
      metadata: {},
      status: 'Failure',
      message: `command terminated with non-zero exit code: ${exit.code}`,
      reason: 'NonZeroExitCode',
      details: { causes: [{ reason: 'ExitCode', message: String(exit.code) }] },
    });
  }
  return JSON.stringify({ metadata: {}, status: 'Failure', message: exit.error ?? 'the session ended', reason: 'InternalError' });
}
