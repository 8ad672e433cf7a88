import { parseListen, type GatewayConfig } from '../config/config';

/** Where the other gateways reach this one: the configured URL, else its own listen address. */
export function advertisedUrl(config: GatewayConfig, port: number): string {
  if (config.peers.advertiseUrl) return config.peers.advertiseUrl.replace(/\/$/, '');
  const { host } = parseListen(config.listen);
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;
  return `${config.tls ? 'https' : 'http'}://${reachable}:${port}`;
}
