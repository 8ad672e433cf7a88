/** Where a browser lands after signing in when it asked for nowhere, or for somewhere not ours. */
export const defaultLanding = '/web';

/**
 * The path to send a signed-in browser to: `requested` only when it resolves to a place on the gateway's own
 * origin (a path like /web/cluster/x, or a full URL of this gateway), else the console's home. Anything else
 * would let a link to our login page send people, signed in, to someone else's site.
 */
export function landingPath(requested: string | undefined, publicUrl: string): string {
  if (!requested) return defaultLanding;
  const origin = new URL(publicUrl).origin;
  let target: URL;
  try {
    target = new URL(requested, origin);
  } catch {
    return defaultLanding;
  }
  if (target.origin !== origin || !target.pathname.startsWith('/')) return defaultLanding;
  return `${target.pathname}${target.search}${target.hash}`;
}
