/**
 * Where an app is served: its own host name, so the browser keeps its cookies apart from the console's and
 * from other apps'. By default NAME under the host name of the gateway's public URL, on the same port
 * (grafana.localhost:3080 locally); an agent may name another address with --app-public-addr.
 */
export function defaultPublicAddr(name: string, publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${name}.${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

/** The host name of a public address (HOST or HOST:PORT): what the launcher and the proxy call the app's fqdn. */
export const fqdnOf = (publicAddr: string): string => publicAddr.replace(/:\d+$/, '').toLowerCase();
