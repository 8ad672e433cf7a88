import net from 'node:net';
import { ApiError, apiPaths, compilePath, decodeFrame, listQueryPath, queryString, websocketOrigin, websocketPaths, type AppJson } from '@portcullis/shared';
import type { Command } from 'commander';
import WebSocket from 'ws';
import { gatewayApi, type GatewayClient } from './http';
import { currentProfile, type Profile } from './profile';

/** Bytes queued on a websocket, past which the local connection stops being read until they go out. */
const maxBufferedBytes = 1024 * 1024;

const errorLine = (line: string) => process.stderr.write(`${line}\n`);

/**
 * Checks that the app exists and is a TCP app before listening, so a typo fails at once rather than at the first
 * connection. Skipped when the roles may not list apps: the gateway still decides at each connection.
 */
async function checkApp(gateway: GatewayClient, cluster: string, name: string): Promise<void> {
  let items: AppJson[];
  try {
    items = (await gateway.api.get<{ items: AppJson[] }>(listQueryPath(apiPaths.apps, { clusterId: cluster, limit: 10, query: `name == ${JSON.stringify(name)}` }))).items;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return;
    throw err;
  }
  const app = items[0];
  if (!app) throw new Error(`app ${name} was not found, or your roles do not reach it`);
  if (!app.uri.startsWith('tcp://')) throw new Error(`app ${name} is a web app: open https://${app.publicAddr} in your browser (or from the Applications page)`);
}

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

/** The address of the app's TCP socket on the gateway, with the bearer token websockets carry as access_token. */
const socketUrl = (profile: Profile, cluster: string, name: string) =>
  websocketOrigin(profile.proxy) + compilePath(websocketPaths.appTcp, { clusterId: cluster, appName: name }) + queryString({ access_token: profile.token });

/** `portcullis proxy app NAME [--port N] [--cluster C]`: a local port any TCP client can use to reach a TCP app. */
export function proxyCommands(program: Command, out: (line: string) => void) {
  const proxy = program.command('proxy').description('reach resources through the gateway from a local port');
  proxy
    .command('app')
    .description('listen on 127.0.0.1 and carry each connection to a TCP app through the gateway')
    .argument('<name>', "the app's name")
    .option('--port <n>', 'the local port (0: any free port, printed)', '0')
    .option('--cluster <name>', 'the cluster the app is in (default: the profile’s)')
    .action(async (name: string, flags: { port: string; cluster?: string }) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${flags.port} is not a port number`);
      const profile = currentProfile();
      const cluster = flags.cluster ?? profile.cluster;
      const gateway = gatewayApi(profile.proxy, { csrf: profile.csrf, secret: profile.secret, token: profile.token });
      await checkApp(gateway, cluster, name);
      const url = socketUrl(profile, cluster, name);
      const server = net.createServer((conn) => forward(conn, url, gateway, name));
      await new Promise<void>((resolve, reject) => {
        server.once('error', (err) => reject(new Error(`cannot listen on 127.0.0.1:${port}: ${err.message}`)));
        server.listen(port, '127.0.0.1', () => resolve());
      });
      const address = server.address() as net.AddressInfo;
      out(`Proxying ${name} on 127.0.0.1:${address.port}`);
      // Open connections end with the process: each is one client's, and it will reconnect if it cares.
      process.once('SIGINT', () => process.exit(0));
      process.once('SIGTERM', () => process.exit(0));
    });
}
