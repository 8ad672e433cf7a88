/**
 * The rules a desktop's announcement follows, checked by the agent when it reads its flags (so a typo fails at
 * once) and by the gateway when an agent announces one.
 */
import { withoutPassword } from '../tunnel/databases';

export type DesktopScheme = 'vnc' | 'rdp';
export const desktopOses = ['linux', 'windows'] as const;
export type DesktopOs = (typeof desktopOses)[number];

const defaultPorts: Record<DesktopScheme, number> = { vnc: 5900, rdp: 3389 };
/** Where a desktop runs unless --desktop-os says otherwise: VNC serves Linux desktops here, RDP Windows ones. */
export const defaultOs: Record<DesktopScheme, DesktopOs> = { vnc: 'linux', rdp: 'windows' };

const desktopName = /^[a-z0-9]([a-z0-9_.-]{0,61}[a-z0-9])?$/;

export interface DesktopTarget {
  scheme: DesktopScheme;
  host: string;
  port: number;
  /** rdp:// only: the Windows login the agent holds a password for. */
  user?: string;
  /** The VNC password, or the RDP user's; the agent keeps it. */
  password?: string;
}

/** Why `name` cannot name a desktop, or undefined. */
export function desktopNameProblem(name: string): string | undefined {
  return desktopName.test(name)
    ? undefined
    : `desktop name "${name}" must be lower-case letters, digits, '-', '_' and '.', at most 63, starting and ending with a letter or digit`;
}

/** Reads a desktop URI (vnc://[:PASSWORD@]HOST[:PORT] or rdp://[USER[:PASSWORD]@]HOST[:PORT]); throws with what is wrong. */
export function desktopTarget(uri: string): DesktopTarget {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`desktop URI "${withoutPassword(uri)}" is not a URL: expected vnc://[:PASSWORD@]HOST[:PORT] or rdp://[USER[:PASSWORD]@]HOST[:PORT]`);
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'vnc' && scheme !== 'rdp') throw new Error(`desktop URI "${withoutPassword(uri)}" must start with vnc:// or rdp://`);
  // Neither scheme is special to WHATWG URL, so an IPv6 literal keeps its brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error(`desktop URI "${withoutPassword(uri)}" names no host`);
  if (scheme === 'vnc' && url.username)
    throw new Error(`desktop URI "${withoutPassword(uri)}": a VNC server has no users, only a password (vnc://:PASSWORD@HOST:PORT)`);
  if (url.pathname && url.pathname !== '/') throw new Error(`desktop URI "${withoutPassword(uri)}" may not have a path`);
  return {
    scheme,
    host,
    port: url.port ? Number(url.port) : defaultPorts[scheme],
    ...(url.username && { user: decodeURIComponent(url.username) }),
    ...(url.password && { password: decodeURIComponent(url.password) }),
  };
}

/** host:port as people read it (an IPv6 host in brackets). */
export const desktopAddr = (t: Pick<DesktopTarget, 'host' | 'port'>): string => `${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}`;

/** Why a desktop cannot be served, or undefined. */
export function desktopProblem(name: string, uri: string): string | undefined {
  const named = desktopNameProblem(name);
  if (named) return named;
  try {
    desktopTarget(uri);
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
}
