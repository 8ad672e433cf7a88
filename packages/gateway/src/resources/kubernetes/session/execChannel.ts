import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import type { Channel, ChannelExit } from '../../core/channel';
import { terminalWindowBytes } from '@portcullis/shared';
import type { Impersonation } from '../impersonation';
import { channelFrame, channelProtocols, exitOfStatus, resizeFrame, streams } from './channelProtocol';
import { execPathOf, type ExecTarget } from '../proxy/execTarget';

/** What the API server said when it refused the exec (pod not found, forbidden …): its Status message, else the status line. */
async function refusalOf(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  try {
    const message = (JSON.parse(body) as { message?: string }).message;
    if (message) return message;
  } catch {
    // Not a Status: the status line says enough.
  }
  return `${res.statusCode} ${res.statusMessage ?? ''}`.trim();
}

/**
 * A command in a pod on a terminal, as a session channel: the gateway is the API server's websocket client (the
 * exec protocol of channelProtocol.ts) over a connection through the cluster's agent, impersonating the user's
 * Kubernetes user and groups. Output waits at its source once about one terminal window is unacknowledged.
 */
export function kubeExecChannel(dial: () => Promise<Duplex>, target: ExecTarget, as: Impersonation): Channel {
  const dataListeners: ((chunk: Buffer) => void)[] = [];
  const exitListeners: ((exit: ChannelExit) => void)[] = [];
  const early: Buffer[] = [];
  const pending: Buffer[] = [];
  let socket: WebSocket | undefined;
  let exit: ChannelExit | undefined;
  let status: ChannelExit | undefined;
  let unacked = 0;
  let closing = false;

  const finish = (e: ChannelExit) => {
    if (exit) return;
    exit = e;
    for (const l of exitListeners) l(e);
  };
  // Input and resizes before the websocket is open (the dial, the handshake) wait for it, in order.
  const send = (frame: Buffer) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
    else if (!socket || socket.readyState === WebSocket.CONNECTING) pending.push(frame);
  };
  const output = (chunk: Buffer) => {
    unacked += chunk.length;
    if (unacked > terminalWindowBytes) socket?.pause();
    if (dataListeners.length) for (const l of dataListeners) l(chunk);
    else early.push(chunk);
  };

  dial().then(
    (link) => {
      if (closing) return void link.destroy();
      // Several Impersonate-Group lines, one per group: node's http client writes an array as repeated headers.
      const headers = { 'Impersonate-User': as.user, 'Impersonate-Group': as.groups } as unknown as Record<string, string>;
      const ws = new WebSocket(`ws://kube${execPathOf(target)}`, channelProtocols, { createConnection: () => link as Socket, headers, perMessageDeflate: false });
      socket = ws;
      ws.on('open', () => {
        for (const frame of pending.splice(0)) ws.send(frame);
      });
      ws.on('message', (data: Buffer) => {
        const stream = data[0];
        if (stream === streams.stdout || stream === streams.stderr) output(data.subarray(1));
        else if (stream === streams.status) status = exitOfStatus(data.subarray(1).toString('utf8'));
      });
      ws.on('unexpected-response', (_req, res) => {
        void refusalOf(res).then((message) => finish({ code: null, error: `Kubernetes refused the ${target.op} on pod ${target.namespace}/${target.pod}: ${message}` }));
        link.destroy();
      });
      ws.on('error', (err) => finish({ code: null, error: `the ${target.op} on pod ${target.namespace}/${target.pod} failed: ${err.message}` }));
      ws.on('close', () => finish(status ?? (closing ? { code: null } : { code: null, error: `the connection to pod ${target.namespace}/${target.pod} closed before the command ended` })));
    },
    (err: Error) => finish({ code: null, error: err.message }),
  );

  return {
    onData: (listener) => {
      dataListeners.push(listener);
      for (const chunk of early.splice(0)) listener(chunk);
    },
    onExit: (listener) => {
      if (exit) listener(exit);
      else exitListeners.push(listener);
    },
    ack: (bytes) => {
      unacked = Math.max(0, unacked - bytes);
      if (unacked <= terminalWindowBytes) socket?.resume();
    },
    write: (input) => send(channelFrame(streams.stdin, input)),
    resize: (w, h) => send(resizeFrame(w, h)),
    close: () => {
      closing = true;
      if (socket) socket.close(1000);
      else finish({ code: null });
    },
  };
}
