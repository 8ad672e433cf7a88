import { sessionCookie } from '../../../management/websessions/cookie';

/** The app host's own cookies: the session's value, and the subject, a second secret it must be shown with. */
export const appSessionCookie = 'grv_app_session';
export const appSubjectCookie = 'grv_app_session_subject';

/**
 * Cookies the upstream never receives: the app session's own, and the console's. The console's cannot reach an
 * app host (they are host-only on the gateway's host), but a hand-made request could carry them.
 */
const gatewayCookies = new Set([appSessionCookie, appSubjectCookie, sessionCookie, 'grv_csrf']);

/**
 * Calls `each` with every cookie of a Cookie header (name trimmed, the part as sent), in order. Walked in place
 * rather than split, since every proxied request has its cookies read twice.
 */
function eachCookie(header: string, each: (name: string, part: string, eq: number) => void): void {
  for (let start = 0; start < header.length; ) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const part = header.slice(start, end).trim();
    const eq = part.indexOf('=');
    if (part) each(eq < 0 ? '' : part.slice(0, eq).trim(), part, eq);
    start = end + 1;
  }
}

/** The app session's two cookies in a Cookie header (the first of each name, as browsers send the most specific first). */
export function appSessionCookiesOf(header: string | undefined): { value: string | undefined; subject: string | undefined } {
  let value: string | undefined;
  let subject: string | undefined;
  eachCookie(header ?? '', (name, part, eq) => {
    if (eq < 0) return;
    if (name === appSessionCookie) value ??= part.slice(eq + 1).trim();
    else if (name === appSubjectCookie) subject ??= part.slice(eq + 1).trim();
  });
  return { value, subject };
}

/** The Cookie header for the upstream: the app's own cookies, the gateway's left out; undefined when none remain. */
export function upstreamCookies(header: string): string | undefined {
  let kept = '';
  eachCookie(header, (name, part) => {
    if (!gatewayCookies.has(name)) kept = kept ? `${kept}; ${part}` : part;
  });
  return kept || undefined;
}

/** Set-Cookie values for the app session: host-only (no Domain), HttpOnly, SameSite=Lax, Secure over TLS, ending with the session. */
export function appSessionCookies(value: string, subject: string, expiresAt: number, secure: boolean): string[] {
  const attributes = `Path=/; Expires=${new Date(expiresAt).toUTCString()}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${appSessionCookie}=${value}; ${attributes}`, `${appSubjectCookie}=${subject}; ${attributes}`];
}

/** Whether an upstream's Set-Cookie would overwrite one of the gateway's cookies on the app host. */
export const setsGatewayCookie = (setCookie: string): boolean => gatewayCookies.has(setCookie.slice(0, Math.max(setCookie.indexOf('='), 0)).trim());
