import net from 'node:net';
import { decodeFrame } from '@portcullis/shared';
import WebSocket from 'ws';
import type { GatewayClient } from './http';

/** Bytes queued on a websocket, past which the local connection stops being read until they go out. */
const maxBufferedBytes = 1024 * 1024;

const errorLine = (line: string) => process.stderr.write(`${line}\n`);

/** Carries one local connection over its own websocket to the gateway, with backpressure both ways. */
function forward(conn: net.Socket, url: string, gateway: GatewayClient, name: string): void {
  const socket = new WebSocket(url, { headers: { cookie: gateway.cookieHeader() } });
  socket.binaryType = 'nodebuffer';
  conn.pause();
  conn.setNoDelay(true);
  const report = (message: string) => errorLine(`${name}: ${message}`);
  socket.on('unexpected-response', (_req, res) => {
    let text = '';
    res.on('data', (chunk: Buffer) => (text += chunk.toString()));
    res.on('end', () => {
      let message = `the gateway answered ${res.statusCode}`;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // Not JSON: the status says enough.
      }
      report(message);
      conn.destroy();
    });
  });
  socket.on('error', (err) => {
    report(`cannot reach the gateway at ${gateway.proxy}: ${err.message}`);
    conn.destroy();
  });
  socket.on('open', () => {
    conn.on('data', (chunk) => {
      socket.send(chunk, { binary: true }, () => {
        if (conn.isPaused() && socket.bufferedAmount < maxBufferedBytes / 4) conn.resume();
      });
      if (socket.bufferedAmount > maxBufferedBytes) conn.pause();
    });
    conn.resume();
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      if (!conn.write(data)) socket.pause();
      return;
    }
    // Text frames are the gateway's control messages: why it refused or ended the connection.
    const frame = decodeFrame(data.toString());
    if (frame.kind !== 'control') return;
    if (frame.message.type === 'error') report(frame.message.message);
    if (frame.message.type === 'mfa-challenge') {
      report('your roles require a second factor for every session: sign in with portcullis login --headless, approved with your security key, and try again');
      socket.close();
    }
  });
  conn.on('drain', () => socket.resume());
  socket.on('close', () => conn.end());
  conn.on('end', () => socket.close(1000));
  conn.on('error', () => socket.terminate());
  conn.on('close', () => {
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(1000);
  });
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and carries each connection over a websocket of its own to
 * `url` on the gateway, for any TCP client (a TCP app's, a database's). Rejects naming the port when it is taken.
 */
export async function listenLocally(port: number, url: string, gateway: GatewayClient, name: string): Promise<net.Server> {
  const server = net.createServer((conn) => forward(conn, url, gateway, name));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`cannot listen on 127.0.0.1:${port}: ${err.message}`)));
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

/** --port as a port number (0 for any free one). */
export function portFlag(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${value} is not a port number`);
  return port;
}
