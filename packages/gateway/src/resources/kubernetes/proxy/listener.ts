import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { parseListen, type GatewayConfig } from '../../../platform/config/config';
import type { KubeApiServer } from './apiServer';
import { kubeListenerTls } from './tls';

/** Where kubectl reaches the Kubernetes API, and the CA to trust when the gateway issued the certificate itself. */
export interface KubeEndpoint {
  /** https://HOST:PORT, to which /v1/kube/NAME is added per cluster. */
  server: string;
  ca?: string;
}

/**
 * The Kubernetes API's own TLS listener (config `kubernetes.listen`). It serves only /v1/kube/NAME/…, the API of
 * each cluster through its agent, with every request and upgrade going to `api`.
 */
export async function startKubeListener(config: GatewayConfig, publicUrl: string, api: KubeApiServer, failed: (err: unknown) => void): Promise<{ endpoint: KubeEndpoint; close(): Promise<void> }> {
  const { host, port } = parseListen(config.kubernetes.listen);
  const publicHost = config.kubernetes.publicAddr?.replace(/:\d+$/, '') ?? new URL(publicUrl).hostname;
  const tls = await kubeListenerTls(config.dataDir, [publicHost, 'localhost', '127.0.0.1', '::1'], config.tls);
  const server: Server = createServer({ cert: tls.cert, key: tls.key });
  const settle = (work: Promise<void>, target: { destroy(): void }) =>
    work.catch((err: unknown) => {
      failed(err);
      target.destroy();
    });
  server.on('request', (req, res) => void settle(api.request(req, res), res));
  server.on('upgrade', (req, socket, head) => void settle(api.upgrade(req, socket, head), socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`the Kubernetes API listener cannot listen on ${config.kubernetes.listen}: ${err.message} (set kubernetes.listen)`)));
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const publicPort = /:(\d+)$/.exec(config.kubernetes.publicAddr ?? '')?.[1] ?? String(bound);
  const hostPart = publicHost.includes(':') ? `[${publicHost}]` : publicHost;
  return {
    endpoint: { server: `https://${hostPart}:${publicPort}`, ...(tls.ca && { ca: tls.ca }) },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
