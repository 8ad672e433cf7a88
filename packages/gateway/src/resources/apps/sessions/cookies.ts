import { sessionCookie } from '../../../management/websessions/cookie';

/** The app host's own cookies: the session's value, and the subject, a second secret it must be shown with. */
export const appSessionCookie = 'grv_app_session';
export const appSubjectCookie = 'grv_app_session_subject';

/**
 * Cookies the upstream never receives: the app session's own, and the console's. The console's cannot reach an
 * app host (they are host-only on the gateway's host), but a hand-made request could carry them.
 */
const gatewayCookies = new Set([appSessionCookie, appSubjectCookie, sessionCookie, 'grv_csrf']);

/** The named cookies of a Cookie header (the first of each name, as browsers send the most specific first). */
export function readCookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!found.has(name)) found.set(name, part.slice(eq + 1).trim());
  }
  return found;
}

/** The Cookie header for the upstream: the app's own cookies, the gateway's left out; undefined when none remain. */
export function upstreamCookies(header: string): string | undefined {
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !gatewayCookies.has(part.slice(0, Math.max(part.indexOf('='), 0)).trim()));
  return kept.length ? kept.join('; ') : undefined;
}

/** Set-Cookie values for the app session: host-only (no Domain), HttpOnly, SameSite=Lax, Secure over TLS, ending with the session. */
export function appSessionCookies(value: string, subject: string, expiresAt: number, secure: boolean): string[] {
  const attributes = `Path=/; Expires=${new Date(expiresAt).toUTCString()}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${appSessionCookie}=${value}; ${attributes}`, `${appSubjectCookie}=${subject}; ${attributes}`];
}

/** Whether an upstream's Set-Cookie would overwrite one of the gateway's cookies on the app host. */
export const setsGatewayCookie = (setCookie: string): boolean => gatewayCookies.has(setCookie.slice(0, Math.max(setCookie.indexOf('='), 0)).trim());
