/**
 * The rules an application's announcement follows, checked by the agent when it reads its flags (so a typo
 * fails at once) and by the gateway when an agent announces (so no agent can register an app that cannot be
 * served). An app is served on a host name of its own, so its name must be a DNS label.
 */

const dnsLabel = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const hostName = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Why `name` cannot name an app, or undefined. */
export function appNameProblem(name: string): string | undefined {
  return dnsLabel.test(name) ? undefined : `app name "${name}" must be a DNS label: lower-case letters, digits and -, at most 63`;
}

/** Where the agent connects for an app: the URI's host and port (80 or 443 by scheme; tcp:// names its port). */
export function appTarget(uri: string): { host: string; port: number; scheme: 'http' | 'https' | 'tcp' } {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`app URI "${uri}" is not a URL: expected http://HOST[:PORT], https://HOST[:PORT] or tcp://HOST:PORT`);
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https' && scheme !== 'tcp') throw new Error(`app URI "${uri}" must start with http://, https:// or tcp://`);
  // tcp: is not a special scheme to WHATWG URL, so its host keeps the brackets of an IPv6 literal; strip them either way.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error(`app URI "${uri}" names no host`);
  if (scheme === 'tcp' && !url.port) throw new Error(`app URI "${uri}" must name a port: tcp://HOST:PORT`);
  const port = url.port ? Number(url.port) : scheme === 'https' ? 443 : 80;
  return { host, port, scheme };
}

/** Why `addr` cannot be an app's public address (HOST or HOST:PORT, a DNS name), or undefined. */
export function publicAddrProblem(addr: string): string | undefined {
  const m = /^([^:]+)(?::(\d{1,5}))?$/.exec(addr);
  const ok = !!m && hostName.test(m[1]!) && (m[2] === undefined || (Number(m[2]) > 0 && Number(m[2]) < 65536));
  return ok ? undefined : `public address "${addr}" must be HOST or HOST:PORT, with HOST a lower-case DNS name`;
}

/** Why an announced app cannot be served, or undefined. */
export function appProblem(name: string, app: { uri: string; publicAddr?: string | undefined }): string | undefined {
  const named = appNameProblem(name);
  if (named) return named;
  try {
    appTarget(app.uri);
  } catch (err) {
    return (err as Error).message;
  }
  return app.publicAddr === undefined ? undefined : publicAddrProblem(app.publicAddr);
}
