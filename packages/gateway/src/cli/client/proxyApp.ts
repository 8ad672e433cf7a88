import type net from 'node:net';
import { ApiError, apiPaths, compilePath, listQueryPath, queryString, websocketOrigin, websocketPaths, type AppJson } from '@portcullis/shared';
import { gatewayApi, type GatewayClient } from './http';
import { listenLocally, portFlag } from './localPort';
import { currentProfile, type Profile } from './profile';

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

/** The address of the app's TCP socket on the gateway, with the bearer token websockets carry as access_token. */
const socketUrl = (profile: Profile, cluster: string, name: string) =>
  websocketOrigin(profile.proxy) + compilePath(websocketPaths.appTcp, { clusterId: cluster, appName: name }) + queryString({ access_token: profile.token });

/** `portcullis proxy app NAME [--port N] [--cluster C]`: a local port any TCP client can use to reach a TCP app. */
export async function proxyApp(name: string, flags: { port: string; cluster?: string }, out: (line: string) => void): Promise<void> {
  const port = portFlag(flags.port);
  const profile = currentProfile();
  const cluster = flags.cluster ?? profile.cluster;
  const gateway = gatewayApi(profile.proxy, { csrf: profile.csrf, secret: profile.secret, token: profile.token });
  await checkApp(gateway, cluster, name);
  const url = socketUrl(profile, cluster, name);
  const server = await listenLocally(port, url, gateway, name);
  const address = server.address() as net.AddressInfo;
  out(`Proxying ${name} on 127.0.0.1:${address.port}`);
  // Open connections end with the process: each is one client's, and it will reconnect if it cares.
  process.once('SIGINT', () => process.exit(0));
  process.once('SIGTERM', () => process.exit(0));
}
